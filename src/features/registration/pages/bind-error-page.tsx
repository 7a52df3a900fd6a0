import { Button, Result } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { toast } from '@/lib/feedback';
import { registerAndBind } from '@/api/sampling/register-and-bind';
import { showError } from '@/lib/http';
import { offerExistingRegistration } from '../components/registration-dialogs';
import {
  BIND_FAILURE_MESSAGES,
  bindFailureOf,
  isBindFailureReason,
  type BindErrorState,
  type BindFailureReason,
  type EntryLocationState,
} from '../bind-failure';
import { toRegistrationInput } from '../registration-draft';
import { useRegistrationDraft } from '../registration-draft-store';
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
  // The staff member's unfinished registration: what 重试 sends again.
  const [, store] = useRegistrationDraft();
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
    const { form, server } = store.getState();
    if (!form.tubeCode || !form.collectedAt) {
      toast('没有找到待提交的内容，请重新填写');
      backToForm();
      return;
    }
    inFlight.current = true;
    setRetrying(true);
    let leaving = false;
    try {
      const outcome = await registerAndBind(
        {
          registration: toRegistrationInput(form, server.registrationId),
          tubeCode: form.tubeCode,
          collectedAt: form.collectedAt,
        },
        { idCardRegistered: 'report', onRegistrationSaved: store.markSubmitted },
      );
      const failure = bindFailureOf(outcome);
      if (failure) {
        // The same page with the new reason (it stays mounted): 重试 works again.
        void navigate(withQuery(paths.bindErr, { reason: failure.reason }), {
          replace: true,
          state: { ...state, message: failure.message } satisfies BindErrorState,
        });
        return;
      }
      switch (outcome.kind) {
        case 'bound':
          leaving = true;
          store.clear();
          void navigate(withQuery(paths.bindSuccess, { id: outcome.registrationId }), { replace: true });
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
        case 'rejected':
        case 'not-sent':
          showError(outcome.error);
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
