import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { audiencePages } from '@/config/audience';
import { paths, withQuery } from '@/config/paths';
import { findQueuedTube, useOfflineQueue } from '@/features/offline-queue';
import { toast } from '@/lib/feedback';
import { useAudience } from '@/lib/route-meta';
import type { EntryLocationState } from '../bind-failure';
import { PersonFields } from '../components/person-fields';
import { ServerDraftLine } from '../components/server-draft-line';
import { TubeFields } from '../components/tube-fields';
import { formHasContent } from '../registration-draft';
import { useRegistrationDraft } from '../registration-draft-store';
import { usePersonForm } from '../use-person-form';
import { useRegisteredIdCard } from '../use-registered-id-card';
import { useRegistrationSubmit } from '../use-registration-submit';
import type { ResumeOutcome } from '../use-resume-server-draft';
import { useServerDraft } from '../use-server-draft';
import { focusControl, useTubeFields } from '../use-tube-fields';
import styles from './info-enter-page.module.css';

// 继续填写 a registration saved on the server (?draft=<id>) is the rarer way in: its loader comes only
// then, and the form's own chunk stays within its budget.
const ResumeServerDraft = lazy(() =>
  import('../components/resume-server-draft').then((module) => ({ default: module.ResumeServerDraft })),
);

const FORM_NAME = 'registration';

function fieldElement(name: string): HTMLElement | null {
  return document.getElementById(`${FORM_NAME}_${name}`);
}

/**
 * 信息录入 for both audiences: the person, the tube (scanned or typed) and the collection time, kept
 * by the registration draft store on every change (and, for staff, on the server as an unfinished
 * registration); submitting registers the person and binds the tube in one go (useRegistrationSubmit).
 */
export default function InfoEnterPage() {
  const audience = useAudience();
  const isWork = audience === 'work';
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The signed-in account's draft: another account on this phone neither sees nor continues it.
  const [draft, store] = useRegistrationDraft();
  const { form, server } = draft;
  const [showRestored, setShowRestored] = useState(() => formHasContent(form));

  const registered = useRegisteredIdCard(server.registrationId, form.idCard);
  const idCardConflict = registered.conflict;
  // Staff only: what waits in the offline queue (check users never queue).
  const queue = useOfflineQueue();
  const tube = useTubeFields({
    formName: FORM_NAME,
    form,
    editForm: store.editForm,
    tubeQueued: isWork && findQueuedTube(queue.entries, form.tubeCode) !== undefined,
    handedBack: (location.state as EntryLocationState | null)?.problem,
  });

  const personForm = usePersonForm(form, store.editForm, FORM_NAME);
  const { setFieldErrors } = personForm;
  const serverDraft = useServerDraft(store, draft, isWork && !idCardConflict);
  // The person has an unfinished registration of this account already: continue that record.
  const ownDraftId = isWork && !server.registrationId ? registered.ownDraftId : undefined;
  useEffect(() => {
    if (ownDraftId) store.continueServerDraft(ownDraftId);
  }, [ownDraftId, store]);

  const resumeDone = (outcome: ResumeOutcome) => {
    if (outcome.kind === 'loaded') {
      setFieldErrors({});
      setShowRestored(false);
    } else if (outcome.kind === 'submitted') {
      toast('这条登记已经提交，不需要继续填写');
      void navigate(withQuery(routes.registrationDetail, { id: outcome.registration.id }), { replace: true });
      return;
    }
    // Loaded once: a reload finds it in the phone's draft, and 清空 must not bring it back.
    void navigate(routes.registrationEnter, { replace: true });
  };
  const resumeDraftId = isWork ? searchParams.get('draft') : null;
  const resumeLoading = <InlineLoading label="正在载入保存的登记" />;

  const resetMessages = () => {
    setFieldErrors({});
    setShowRestored(false);
    tube.reset();
  };

  /** Checks every field; shows each message at its field and focuses the first one. */
  const validate = (): boolean => {
    const failed = personForm.checkAll();
    const tubeCheck = tube.check();
    focusControl((failed.length > 0 ? fieldElement(failed[0]) : null) ?? tubeCheck.first);
    return failed.length === 0 && tubeCheck.ok;
  };

  const { phase, submit, pageError } = useRegistrationSubmit({
    audience,
    draft,
    store,
    collectedAt: tube.collectedAt,
    registered,
    validate,
    showFieldProblem: tube.showProblem,
    reviewIdCard: () => focusControl(fieldElement('idCard')),
    startAfresh: () => {
      resetMessages();
      window.scrollTo({ top: 0 });
    },
  });
  const pageErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pageError) pageErrorRef.current?.scrollIntoView?.({ block: 'start' });
  }, [pageError]);
  const busy = phase === 'checking' || phase === 'saving' || phase === 'binding' || phase === 'done';

  const isCheck = !isWork;
  return (
    <PageShell
      footer={
        <Button
          block
          color="primary"
          size="large"
          className={styles.submit}
          loading={busy}
          loadingText={phase === 'checking' ? '正在核对身份证号' : '正在提交'}
          disabled={busy}
          onClick={() => void submit()}
        >
          {isCheck ? '提交' : '提交并绑定'}
        </Button>
      }
    >
      {resumeDraftId !== null && (
        <Suspense fallback={resumeLoading}>
          <ResumeServerDraft
            draftId={resumeDraftId}
            local={draft}
            replace={store.replace}
            done={resumeDone}
            loading={resumeLoading}
          />
        </Suspense>
      )}
      {showRestored && (
        <div className={styles.restored} role="status">
          <span>已恢复上次未提交的内容</span>
          <Button
            size="small"
            fill="outline"
            onClick={() => {
              store.clear();
              resetMessages();
            }}
          >
            清空
          </Button>
        </div>
      )}
      {isWork && queue.pendingCount > 0 && (
        <div className={styles.queued} role="status">
          <span>有 {queue.pendingCount} 条登记待发送，恢复网络后将自动提交</span>
          <Link to={paths.workUser} className={styles.queuedLink}>
            在首页查看
          </Link>
        </div>
      )}
      {pageError && (
        <div ref={pageErrorRef} className={styles.pageError} role="alert">
          {pageError}
        </div>
      )}
      {isCheck && (
        <ol className={styles.steps} aria-label="办理步骤">
          <li>填写本人信息</li>
          <li>扫描或输入采样管上的编码</li>
          <li>提交后填写筛查问卷</li>
        </ol>
      )}

      <form
        className={styles.form}
        noValidate
        aria-label={isCheck ? '本人信息' : '受检者信息'}
        onSubmit={(event) => event.preventDefault()}
      >
        <PersonFields
          formName={FORM_NAME}
          heading={isCheck ? '本人信息' : '受检者信息'}
          person={form}
          form={personForm}
          onIdCardBlur={() => void registered.check(form.idCard)}
          afterIdCard={
            idCardConflict && (
              <div className={styles.conflict} role="alert">
                <span>该身份证号已登记，不需要重复登记。</span>
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() =>
                    void navigate(
                      withQuery(routes.registrationDetail, { id: idCardConflict.registration.id }),
                    )
                  }
                >
                  查看已有登记
                </Button>
              </div>
            )
          }
        />
      </form>
      {isWork && <ServerDraftLine draft={draft} unsaved={serverDraft.unsaved} onSave={serverDraft.saveNow} />}

      <TubeFields {...tube.props} heading="采样管" />
    </PageShell>
  );
}
