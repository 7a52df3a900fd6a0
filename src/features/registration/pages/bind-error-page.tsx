import { Button, Result } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { toast } from '@/lib/feedback';
import { offerExistingRegistration } from '../components/registration-dialogs';
import {
  BIND_FAILURE_MESSAGES,
  isBindFailureReason,
  saveRegistrationWithTube,
  type BindErrorState,
  type BindFailureReason,
  type EntryLocationState,
} from '../save-registration';
import { forgetWorkDraft, readWorkDraft, writeWorkDraft } from '../work-draft-on-phone';
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
  const [retrying, setRetrying] = useState(false);
  // Set at once, not at the next render, and kept once the page is leaving: a second tap that arrived
  // after the first retry had succeeded (the next page's chunk still loading) found no draft and sent
  // the user back to the form with 没有找到待提交的内容.
  const inFlight = useRef(false);

  const backToForm = (problem?: EntryLocationState['problem']) => {
    if (state.fromForm && !problem) void navigate(-1);
    else
      void navigate(paths.infoEnter, {
        replace: true,
        state: problem ? ({ problem } satisfies EntryLocationState) : null,
      });
  };

  const retry = async () => {
    if (inFlight.current) return;
    const draft = readWorkDraft();
    if (!draft || !draft.tubeCode || !draft.collectedAt) {
      toast('没有找到待提交的内容，请重新填写');
      backToForm();
      return;
    }
    inFlight.current = true;
    setRetrying(true);
    let leaving = false;
    try {
      const outcome = await saveRegistrationWithTube(draft, draft.collectedAt, {
        onRegistrationSaved: (registrationId) =>
          writeWorkDraft({
            ...draft,
            registrationId,
            serverStatus: 'submitted',
          }),
      });
      switch (outcome.kind) {
        case 'success':
          leaving = true;
          forgetWorkDraft();
          void navigate(withQuery(paths.bindSuccess, { id: outcome.registrationId }), { replace: true });
          return;
        case 'bind-failed':
          // The same page with the new reason (it stays mounted): 重试 works again.
          void navigate(withQuery(paths.bindErr, { reason: outcome.reason }), {
            replace: true,
            state: { ...state, message: outcome.message } satisfies BindErrorState,
          });
          return;
        case 'field':
          leaving = true;
          backToForm({ field: outcome.field, message: outcome.message });
          return;
        case 'id-card-registered':
          if ((await offerExistingRegistration(outcome.message)) && outcome.registrationId) {
            void navigate(withQuery(paths.infoDetail, { id: outcome.registrationId }));
          }
          return;
        case 'stay':
          return;
      }
    } finally {
      if (!leaving) {
        inFlight.current = false;
        setRetrying(false);
      }
    }
  };

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
          loading={retrying}
          loadingText="正在重试"
          disabled={retrying}
          onClick={() => void retry()}
        >
          重试
        </Button>
      </div>
    </PageShell>
  );
}
