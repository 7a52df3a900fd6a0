import { useMutation } from '@tanstack/react-query';
import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { toast } from '@/lib/feedback';
import { showError } from '@/lib/http';
import { useTapGuard } from '@/lib/use-tap-guard';
import { offerRegisteredIdCard } from '../components/registration-dialogs';
import {
  BIND_FAILURE_MESSAGES,
  bindFailureOf,
  isBindFailureReason,
  type BindErrorState,
  type BindFailureReason,
  type EntryLocationState,
} from '../bind-failure';
import { draftSubmitMutation, useRegistrationDraft } from '../registration-draft-store';
import styles from './result-pages.module.css';

/**
 * /bindErr (work): why binding failed, in plain words from the `reason` code. 返回修改 goes back to the
 * form, which restores everything from the draft; 重试 sends the saved draft again from here.
 */
export default function BindErrorPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state as BindErrorState | null) ?? {};
  const rawReason = searchParams.get('reason');
  const reason: BindFailureReason = isBindFailureReason(rawReason) ? rawReason : 'unknown';
  // The staff member's unfinished registration: what 重试 sends again.
  const [, store] = useRegistrationDraft();
  const sending = useMutation(draftSubmitMutation(store));
  // Kept once the page is leaving: a second tap that arrived after the first retry had succeeded (the
  // next page's chunk still loading) found no draft and sent the user back to the form with 没有找到待提交的内容.
  const guard = useTapGuard();
  // Bound, the button stays busy until the next page is shown.
  const busy = sending.isPending || sending.data?.kind === 'bound';

  const backToForm = () => {
    if (state.fromForm) void navigate(-1);
    else void navigate(paths.infoEnter, { replace: true, state: null });
  };

  const retry = () =>
    guard.run(async (leave) => {
      const { form } = store.getState();
      if (!form.tubeCode || !form.collectedAt) {
        toast('没有找到待提交的内容，请重新填写');
        backToForm();
        return;
      }
      const outcome = await sending.mutateAsync();
      switch (outcome.kind) {
        case 'bound':
          leave();
          void navigate(withQuery(paths.bindSuccess, { id: outcome.registrationId }), { replace: true });
          return;
        case 'refused':
        case 'saved-without-id': {
          // This page again with the new reason (it stays mounted), and 重试 works again.
          const failure = bindFailureOf(outcome);
          const next: BindErrorState = { ...state, message: failure.message };
          void navigate(withQuery(paths.bindErr, { reason: failure.reason }), { replace: true, state: next });
          return;
        }
        case 'field': {
          // The field is on the form: back there, with the problem at its field.
          leave();
          const handedBack: EntryLocationState = {
            problem: { field: outcome.field, message: outcome.message },
          };
          void navigate(paths.infoEnter, { replace: true, state: handedBack });
          return;
        }
        case 'id-card-registered':
          if (
            (await offerRegisteredIdCard(outcome.registrationId, 'work', outcome.message)) &&
            outcome.registrationId
          )
            void navigate(withQuery(paths.infoDetail, { id: outcome.registrationId }));
          return;
        case 'rejected':
        case 'not-sent':
          showError(outcome.error);
          return;
      }
    });

  return (
    <PageShell fallbackPath={paths.infoEnter}>
      <Result
        status="error"
        title="绑定失败"
        description={BIND_FAILURE_MESSAGES[reason]}
        className={styles.result}
      />
      {state.message && state.message !== BIND_FAILURE_MESSAGES[reason] && (
        <p className={styles.message}>系统提示：{state.message}</p>
      )}
      <p className={styles.message}>已填写的信息都已保存，返回后可以直接修改再提交。</p>
      <div className={styles.actions}>
        <Button block color="primary" size="large" onClick={() => backToForm()}>
          返回修改
        </Button>
        <Button
          block
          size="large"
          loading={busy}
          loadingText="正在重试"
          disabled={busy}
          onClick={() => void retry()}
        >
          重试
        </Button>
      </div>
    </PageShell>
  );
}
