import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAudience } from '@/lib/route-meta';
import { ChoiceGroup } from '../components/choice-group';
import { PersonFields } from '../components/person-fields';
import { ServerDraftLine } from '../components/server-draft-line';
import { TubeFields } from '../components/tube-fields';
import { REGISTRATION_FORM_NAME, useRegistrationForm } from '../use-registration-form';
import { useRegistrationSubmit } from '../use-registration-submit';
import styles from './info-enter-page.module.css';

// 继续填写 a registration saved on the server (?draft=<id>) is the rarer way in: its loader comes only
// then, and the form's own chunk stays within its budget.
const ResumeServerDraft = lazy(() =>
  import('../components/resume-server-draft').then((module) => ({ default: module.ResumeServerDraft })),
);

const FOR_WHOM_OPTIONS = [
  { label: '本人', value: 'self' },
  { label: '家人', value: 'family' },
] as const;

/**
 * 信息录入 for both audiences: the person, the tube (scanned or typed, right after the required person
 * fields, so 扫码 is on the first screen) and the collection time, kept
 * by the registration draft store on every change (and, for staff, on the server as an unfinished
 * registration); submitting registers the person and binds the tube in one go (useRegistrationSubmit).
 */
export default function InfoEnterPage() {
  const audience = useAudience();
  const form = useRegistrationForm(audience);
  const { submit, waiting, pageError } = useRegistrationSubmit(form, audience);
  const { isWork, draft, store } = form;
  const idCardConflict = form.registered.conflict;
  const resumeLoading = <InlineLoading label="正在载入保存的登记" />;
  const pageErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pageError) pageErrorRef.current?.scrollIntoView?.({ block: 'start' });
  }, [pageError]);

  const isCheck = !isWork;
  // A check user registers themself or a family member: the form's heading names which.
  const [forFamily, setForFamily] = useState(false);
  const personHeading = isWork ? '受检者信息' : forFamily ? '家人信息' : '本人信息';
  return (
    <PageShell
      footer={
        <Button
          block
          color="primary"
          size="large"
          className={styles.submit}
          loading={waiting !== null}
          loadingText={waiting === 'id-card' ? '正在核对身份证号' : '正在提交'}
          disabled={waiting !== null}
          onClick={() => void submit()}
        >
          {isCheck ? '提交' : '提交并绑定'}
        </Button>
      }
    >
      {form.resume.draftId !== null && (
        <Suspense fallback={resumeLoading}>
          <ResumeServerDraft
            draftId={form.resume.draftId}
            local={draft}
            replace={store.replace}
            done={form.resume.done}
            loading={resumeLoading}
          />
        </Suspense>
      )}
      {form.restored && (
        <div className={styles.restored} role="status">
          <span>已恢复上次未提交的内容</span>
          <Button
            size="small"
            fill="outline"
            onClick={() => {
              store.clear();
              form.resetMessages();
            }}
          >
            清空
          </Button>
        </div>
      )}
      {form.pending.count > 0 && (
        <div className={styles.queued} role="status">
          <span>
            有 {form.pending.count} 条登记待发送，{form.pending.wait}
          </span>
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
          <li>填写信息</li>
          <li>扫描或输入采样管编码</li>
          <li>提交后填写筛查问卷</li>
        </ol>
      )}

      <form
        className={styles.form}
        noValidate
        aria-label={personHeading}
        onSubmit={(event) => event.preventDefault()}
      >
        <PersonFields
          formName={REGISTRATION_FORM_NAME}
          heading={personHeading}
          headingExtra={
            isCheck && (
              <div className={styles.forWhom}>
                <ChoiceGroup
                  label="为谁登记"
                  name="registration-for"
                  variant="segmented"
                  options={FOR_WHOM_OPTIONS}
                  value={forFamily ? 'family' : 'self'}
                  onChange={(value) => setForFamily(value === 'family')}
                />
              </div>
            )
          }
          person={draft.form}
          form={form.person}
          onIdCardBlur={() => void form.registered.check(draft.form.idCard)}
          afterIdCard={
            idCardConflict && (
              <div className={styles.conflict} role="alert">
                <span>该身份证号已登记，不需要重复登记。</span>
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() => form.openRegistration(idCardConflict.registration.id)}
                >
                  查看已有登记
                </Button>
              </div>
            )
          }
          beforeOptional={<TubeFields {...form.tube.props} heading="采样管" />}
        />
      </form>
      {isWork && (
        <ServerDraftLine
          draft={draft}
          status={form.serverDraft.status}
          unsaved={form.serverDraft.unsaved}
          onSave={form.serverDraft.saveNow}
        />
      )}
    </PageShell>
  );
}
