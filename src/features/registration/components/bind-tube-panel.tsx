import { Button } from 'antd-mobile';
import { useId, useRef, useState } from 'react';
import { FormField, fieldMessageId } from '@/components/form-field';
import { TubeCodeInput } from '@/components/tube-code-input';
import { toastSuccess } from '@/lib/feedback';
import { usePersistentState } from '@/lib/use-persistent-state';
import type { Registration } from '@/types/api';
import type { UserAudience } from '@/config/audience';
import { registerAndBind } from '@/api/sampling/register-and-bind';
import { showError } from '@/lib/http';
import { bindFailureOf, bindFailureText } from '../bind-failure';
import { TUBE_REQUIRED_MESSAGE, tubeProblem, useTubeStatus } from '../use-tube-status';
import { CollectionTimeField, toDateTimeString, validateCollectedAt } from './collection-time-field';
import { confirmRegistration } from './registration-dialogs';
import { TubeStatusCard } from './tube-status-card';
import styles from './bind-tube-panel.module.css';

interface BindDraft {
  tubeCode: string;
  collectedAt: string | null;
}

const EMPTY_BIND_DRAFT: BindDraft = { tubeCode: '', collectedAt: null };

export interface BindTubePanelProps {
  registration: Registration;
  audience: UserAudience;
  /** Called after the tube is bound, to reload the registration. */
  onBound: () => void;
}

/**
 * Binds a tube to a registration that has none: scan or type, check the status, pick the collection time,
 * confirm. The code and time are kept as a draft until the binding succeeds.
 */
export function BindTubePanel({ registration, audience, onBound }: BindTubePanelProps) {
  const draft = usePersistentState<BindDraft>(`bind:${audience}:${registration.id}`, EMPTY_BIND_DRAFT);
  const [defaultCollectedAt] = useState(() => toDateTimeString(new Date()));
  const collectedAt = draft.value.collectedAt ?? defaultCollectedAt;
  const status = useTubeStatus(draft.value.tubeCode);
  const [tubeRequired, setTubeRequired] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [binding, setBinding] = useState(false);
  const busy = useRef(false);
  const tubeRef = useRef<HTMLDivElement>(null);
  const timeId = useId();

  const focusTube = () => tubeRef.current?.querySelector('input')?.focus();

  const bind = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      setFailure(null);
      const code = draft.value.tubeCode.trim();
      const timeMessage = validateCollectedAt(collectedAt);
      setTimeError(timeMessage);
      if (!code) {
        setTubeRequired(true);
        focusTube();
        return;
      }
      if (serverProblem || tubeProblem(status.result)) {
        focusTube();
        return;
      }
      if (timeMessage) {
        document.getElementById(timeId)?.focus();
        return;
      }
      const confirmed = await confirmRegistration(
        { name: registration.name, idCard: registration.idCard, tubeCode: code, collectedAt },
        '请确认绑定信息',
      );
      if (!confirmed) return;
      setBinding(true);
      const outcome = await registerAndBind({ registrationId: registration.id, tubeCode: code, collectedAt });
      const failure = bindFailureOf(outcome);
      if (failure) {
        setFailure(bindFailureText(failure));
        return;
      }
      switch (outcome.kind) {
        case 'bound':
          draft.clear();
          toastSuccess('绑定成功');
          onBound();
          return;
        case 'field':
          if (outcome.field === 'tubeCode') {
            setServerProblem(outcome.message);
            status.reload();
            focusTube();
          } else {
            setTimeError(outcome.message);
          }
          return;
        case 'rejected':
        case 'not-sent':
          showError(outcome.error);
          return;
      }
    } finally {
      busy.current = false;
      setBinding(false);
    }
  };

  return (
    <div className={styles.panel}>
      <p className={styles.intro}>这条登记还没有绑定采样管。请扫描或输入采样管上的编码，核对后绑定。</p>
      <div ref={tubeRef}>
        <TubeCodeInput
          value={draft.value.tubeCode}
          error={tubeRequired && !draft.value.tubeCode.trim() ? TUBE_REQUIRED_MESSAGE : null}
          onChange={(tubeCode) => {
            draft.setValue((previous) => ({ ...previous, tubeCode }));
            setTubeRequired(false);
            setServerProblem(null);
          }}
          onScanned={status.scanned}
        />
      </div>
      <TubeStatusCard state={status} serverProblem={serverProblem} />
      <FormField id={timeId} label="采集时间" error={timeError}>
        <CollectionTimeField
          id={timeId}
          value={collectedAt}
          errorId={timeError ? fieldMessageId(timeId) : undefined}
          onChange={(value) => {
            draft.setValue((previous) => ({ ...previous, collectedAt: value }));
            setTimeError(validateCollectedAt(value));
          }}
        />
      </FormField>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      <Button
        block
        color="primary"
        size="large"
        className={styles.button}
        loading={binding}
        loadingText="正在绑定"
        disabled={binding}
        onClick={() => void bind()}
      >
        绑定采样管
      </Button>
    </div>
  );
}
