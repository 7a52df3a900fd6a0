import { Button } from 'antd-mobile';
import { useRef, useState } from 'react';
import { FormField, fieldMessageId } from '@/components/form-field';
import { TubeCodeInput } from '@/components/tube-code-input';
import { toastSuccess } from '@/lib/feedback';
import { usePersistentState } from '@/lib/use-persistent-state';
import type { Registration } from '@/types/api';
import type { UserAudience } from '@/config/audience';
import { registerAndBind } from '@/api/sampling/register-and-bind';
import { showError } from '@/lib/http';
import { bindFailureOf, bindFailureText } from '../bind-failure';
import { focusControl, useTubeFields } from '../use-tube-fields';
import { TUBE_REQUIRED_MESSAGE } from '../use-tube-status';
import { CollectionTimeField, toDateTimeString } from './collection-time-field';
import { confirmRegistration } from './registration-dialogs';
import { TubeStatusCard } from './tube-status-card';
import styles from './bind-tube-panel.module.css';

interface BindDraft {
  tubeCode: string;
  collectedAt: string | null;
}

const EMPTY_BIND_DRAFT: BindDraft = { tubeCode: '', collectedAt: null };
const FORM_NAME = 'bind';
/** The collection time's control (useTubeFields finds it by the form's name). */
const TIME_ID = `${FORM_NAME}_collectedAt`;

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
  const tube = useTubeFields({
    formName: FORM_NAME,
    form: draft.value,
    collectedAt,
    editForm: (patch) => draft.setValue((previous) => ({ ...previous, ...patch })),
    tubeQueued: false,
  });
  const {
    tubeFieldRef,
    tubeCode,
    onTubeCodeChange,
    tubeStatus,
    tubeRequired,
    tubeServerProblem,
    collectedAtError,
    onCollectedAtChange,
  } = tube.props;
  const [failure, setFailure] = useState<string | null>(null);
  const [binding, setBinding] = useState(false);
  const busy = useRef(false);

  const bind = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      setFailure(null);
      const checked = tube.check();
      if (!checked.ok) {
        focusControl(checked.first);
        return;
      }
      const code = draft.value.tubeCode.trim();
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
          tube.showProblem(outcome.field, outcome.message);
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
      <div ref={tubeFieldRef}>
        <TubeCodeInput
          value={tubeCode}
          error={tubeRequired && !tubeCode.trim() ? TUBE_REQUIRED_MESSAGE : null}
          onChange={onTubeCodeChange}
          onScanned={tubeStatus.scanned}
        />
      </div>
      <TubeStatusCard state={tubeStatus} serverProblem={tubeServerProblem} />
      <FormField id={TIME_ID} label="采集时间" error={collectedAtError}>
        <CollectionTimeField
          id={TIME_ID}
          value={collectedAt}
          errorId={collectedAtError ? fieldMessageId(TIME_ID) : undefined}
          onChange={onCollectedAtChange}
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
