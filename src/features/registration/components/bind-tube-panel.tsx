import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { invalidateReads, REGISTRATION_READS } from '@/api/read-keys';
import { registerAndBind } from '@/api/registration/register-and-bind';
import type { UserAudience } from '@/config/audience';
import { toastSuccess } from '@/lib/feedback';
import { showError } from '@/lib/http';
import { normalizeTubeCode } from '@/lib/tube-code';
import { usePersistentState } from '@/lib/use-persistent-state';
import { useTapGuard } from '@/lib/use-tap-guard';
import type { Registration } from '@/types/api';
import { bindFailureText } from '../bind-failure';
import { focusControl, useTubeFields } from '../use-tube-fields';
import { confirmRegistration } from './registration-dialogs';
import { TubeFields } from './tube-fields';
import styles from './bind-tube-panel.module.css';

const bindDraftSchema = v.object({ tubeCode: v.string(), collectedAt: v.nullable(v.string()) });
type BindDraft = v.InferOutput<typeof bindDraftSchema>;

const EMPTY_BIND_DRAFT: BindDraft = { tubeCode: '', collectedAt: null };
const FORM_NAME = 'bind';

export interface BindTubePanelProps {
  registration: Registration;
  audience: UserAudience;
}

/**
 * Binds a tube to a registration that has none: scan or type, check the status, pick the collection time,
 * confirm. The code and time are kept as a draft until the binding succeeds; then every read of the
 * registration and its tube is read again, and the page shows the tube.
 */
export function BindTubePanel({ registration, audience }: BindTubePanelProps) {
  const draft = usePersistentState(`bind:${audience}:${registration.id}`, bindDraftSchema, EMPTY_BIND_DRAFT);
  const tube = useTubeFields({
    formName: FORM_NAME,
    form: draft.value,
    editForm: (patch) => draft.setValue((previous) => ({ ...previous, ...patch })),
    tubeQueued: false,
  });
  const { collectedAt } = tube;
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useTapGuard();
  const queryClient = useQueryClient();
  const binding = useMutation({
    mutationFn: (tube: { tubeCode: string; collectedAt: string }) =>
      registerAndBind({ registrationId: registration.id, ...tube }),
    onSuccess: (outcome) =>
      outcome.kind === 'bound' ? invalidateReads(queryClient, REGISTRATION_READS) : undefined,
  });

  const bind = () =>
    guard.run(async () => {
      setFailure(null);
      const checked = tube.check();
      if (!checked.ok) {
        focusControl(checked.first);
        return;
      }
      const code = normalizeTubeCode(draft.value.tubeCode);
      const confirmed = await confirmRegistration(
        { name: registration.name, idCard: registration.idCard, tubeCode: code, collectedAt },
        '请确认绑定信息',
      );
      if (!confirmed) return;
      const outcome = await binding.mutateAsync({ tubeCode: code, collectedAt });
      switch (outcome.kind) {
        case 'bound':
          draft.clear();
          toastSuccess('绑定成功');
          return;
        case 'field':
          tube.showProblem(outcome.field, outcome.message);
          return;
        case 'refused':
          setFailure(bindFailureText(outcome.reason, outcome.message));
          return;
        case 'rejected':
        case 'not-sent':
          showError(outcome.error);
          return;
      }
    });

  return (
    <div className={styles.panel}>
      <p className={styles.intro}>这条登记还没有绑定采样管。请扫描或输入采样管上的编码，核对后绑定。</p>
      <TubeFields {...tube.props} />
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
        loading={binding.isPending}
        loadingText="正在绑定"
        disabled={binding.isPending}
        onClick={() => void bind()}
      >
        绑定采样管
      </Button>
    </div>
  );
}
