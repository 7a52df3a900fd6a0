import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { TubeCodeInput } from '@/components/tube-code-input';
import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { enqueueBind, findQueuedTube, useOfflineQueue } from '@/features/offline-queue';
import { registrationDraftKey } from '@/lib/device-data';
import { toast, toastFail } from '@/lib/feedback';
import { normalizeIdCard } from '@/lib/id-card';
import { useAudience } from '@/lib/route-meta';
import { requireSessionOwner } from '@/lib/session';
import { usePersistentState, writePersisted } from '@/lib/use-persistent-state';
import { audiencePages } from '@/config/audience';
import {
  CollectionTimeField,
  toDateTimeString,
  validateCollectedAt,
} from '../components/collection-time-field';
import { PersonFields } from '../components/person-fields';
import { FormField, fieldMessageId } from '@/components/form-field';
import {
  confirmOutsideScreeningAge,
  confirmRegistration,
  offerExistingRegistration,
  offerOfflineQueue,
} from '../components/registration-dialogs';
import { TubeStatusCard } from '../components/tube-status-card';
import {
  EMPTY_REGISTRATION_DRAFT,
  draftHasContent,
  serverDraftInput,
  toRegistrationInput,
  type RegistrationDraft,
} from '../registration-draft';
import { derivedFromIdCard } from '../registration-form-values';
import {
  BIND_FAILURE_MESSAGES,
  saveRegistrationWithTube,
  type BindErrorState,
  type EntryLocationState,
  type FieldProblemName,
  type SaveOutcome,
} from '../save-registration';
import { usePersonForm } from '../use-person-form';
import { useRegisteredIdCard } from '../use-registered-id-card';
import type { ResumeOutcome } from '../use-resume-server-draft';
import { useServerDraft, type ServerDraftStatus } from '../use-server-draft';
import { TUBE_REQUIRED_MESSAGE, tubeProblem, useTubeStatus } from '../use-tube-status';
import styles from './info-enter-page.module.css';

// 继续填写 a registration saved on the server (?draft=<id>) is the rarer way in: its loader (with
// ahooks' useRequest) comes only then, and the form's own chunk stays within its budget.
const ResumeServerDraft = lazy(() =>
  import('../components/resume-server-draft').then((module) => ({ default: module.ResumeServerDraft })),
);

const FORM_NAME = 'registration';
const QUEUED_MESSAGE = '网络不可用，已保存到待发送队列，恢复网络后将自动提交';
const QUEUED_TUBE_MESSAGE = '该采样管已在待发送队列中，不能再绑定给其他人，请更换采样管';

/** Brings a control into view and gives it focus, so the user lands on what needs fixing. */
function focusControl(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

function fieldElement(name: string): HTMLElement | null {
  return document.getElementById(`${FORM_NAME}_${name}`);
}

function formatClock(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** Where the unfinished registration is kept, in words, and 暂存 where saving is not automatic (staff only). */
function ServerDraftLine({
  status,
  waitingForPerson,
  onSave,
}: {
  status: ServerDraftStatus;
  /** Something is typed, but not yet the name and a valid ID card the server needs. */
  waitingForPerson: boolean;
  /** 暂存, offered while there is something the server does not have and nothing saves it by itself. */
  onSave?: () => void;
}) {
  let text: string;
  switch (status.kind) {
    case 'saving':
      text = '正在保存到服务器…';
      break;
    case 'saved':
      text = `已于 ${formatClock(status.at)} 保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写`;
      break;
    case 'failed':
      text = onSave
        ? `未能保存到服务器（${status.message}），内容已保存在本机，可稍后再点「暂存」`
        : `未能保存到服务器（${status.message}），内容已保存在本机，稍后会再试`;
      break;
    default:
      if (onSave) text = '点「暂存」保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写';
      else if (waitingForPerson)
        text = config.assumptions.saveDraftWhileTyping
          ? '填好姓名和身份证号后，会自动保存到服务器'
          : '填好姓名和身份证号后，可「暂存」到服务器';
      else text = '';
  }
  if (!text) return null;
  return (
    <div className={styles.serverDraftRow}>
      <p className={status.kind === 'failed' ? styles.serverDraftFailed : styles.serverDraft} role="status">
        {text}
      </p>
      {onSave && status.kind !== 'saving' && (
        <Button size="small" color="primary" fill="outline" onClick={onSave}>
          暂存
        </Button>
      )}
    </div>
  );
}

/**
 * 信息录入 for both audiences: the person, the tube (scanned or typed) and the collection time, saved as
 * a draft on every change (and, for staff, to the server as an unfinished registration once the person
 * can be identified); submitting registers the person and binds the tube in one go.
 */
export default function InfoEnterPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The signed-in account's draft: another account on this phone neither sees nor continues it.
  const [draftKey] = useState(() => registrationDraftKey(requireSessionOwner()));
  const draft = usePersistentState<RegistrationDraft>(draftKey, EMPTY_REGISTRATION_DRAFT);
  const [defaultCollectedAt] = useState(() => toDateTimeString(new Date()));
  const [showRestored, setShowRestored] = useState(() => draft.restored && draftHasContent(draft.value));

  const handedBack = (location.state as EntryLocationState | null)?.problem;
  const [tubeRequired, setTubeRequired] = useState(false);
  const [tubeServerProblem, setTubeServerProblem] = useState<string | null>(
    handedBack?.field === 'tubeCode' ? handedBack.message : null,
  );
  const [collectedAtError, setCollectedAtError] = useState<string | null>(
    handedBack?.field === 'collectedAt' ? handedBack.message : null,
  );
  const [pageError, setPageError] = useState<string | null>(null);
  /** What the submit button is busy with: the ID-card lookup it waits for, or the submit itself. */
  const [submitting, setSubmitting] = useState<false | 'checking' | true>(false);
  const busy = useRef(false);
  /** The ID card whose out-of-range age the user accepted with 仍要登记: not asked again for it. */
  const ageAcceptedFor = useRef<string | null>(null);
  const tubeFieldRef = useRef<HTMLDivElement>(null);
  const pageErrorRef = useRef<HTMLDivElement>(null);

  const tubeStatus = useTubeStatus(draft.value.tubeCode);
  const registered = useRegisteredIdCard(draft.value.registrationId, draft.value.idCard);
  const collectedAt = draft.value.collectedAt ?? defaultCollectedAt;
  const idCardConflict = registered.conflict;
  // Staff only: what waits in the offline queue (check users never queue).
  const queue = useOfflineQueue();
  const isWork = audience === 'work';
  const queuedTube = isWork ? findQueuedTube(queue.entries, draft.value.tubeCode) : undefined;

  const update = (patch: Partial<RegistrationDraft>) =>
    draft.setValue((previous) => ({ ...previous, ...patch }));

  const person = draft.value;
  const personForm = usePersonForm(person, update, FORM_NAME);
  const { setFieldErrors } = personForm;
  const serverDraft = useServerDraft(draft.value, update, isWork && !idCardConflict);
  // The person has an unfinished registration of this account already: continue that record.
  const ownDraftId = isWork && !draft.value.registrationId ? registered.ownDraftId : undefined;
  const setDraft = draft.setValue;
  useEffect(() => {
    if (ownDraftId)
      setDraft((previous) => ({
        ...previous,
        registrationId: ownDraftId,
        serverStatus: 'draft',
        serverSaved: undefined,
      }));
  }, [ownDraftId, setDraft]);
  const resumeDone = (outcome: ResumeOutcome) => {
    if (outcome.kind === 'loaded') {
      setFieldErrors({});
      setShowRestored(false);
      // Loaded once: a reload finds it in the phone's draft, and 清空 must not bring it back.
      void navigate(routes.registrationEnter, { replace: true });
      return;
    }
    if (outcome.kind === 'submitted') {
      toast('这条登记已经提交，不需要继续填写');
      void navigate(withQuery(routes.registrationDetail, { id: outcome.registration.id }), { replace: true });
      return;
    }
    void navigate(routes.registrationEnter, { replace: true });
  };
  const resumeDraftId = isWork ? searchParams.get('draft') : null;
  const resumeLoading = <InlineLoading label="正在载入保存的登记" />;

  const clearDraft = () => {
    draft.clear();
    serverDraft.resume();
    setFieldErrors({});
    setShowRestored(false);
    setTubeRequired(false);
    setTubeServerProblem(null);
    setCollectedAtError(null);
    setPageError(null);
  };

  const openRegistration = (id: string | undefined) => {
    if (id) void navigate(withQuery(routes.registrationDetail, { id }));
  };

  const tubeInput = () => tubeFieldRef.current?.querySelector('input') ?? null;

  /** Checks every field; shows each message at its field and focuses the first one. */
  const validateAll = (): boolean => {
    let first: HTMLElement | null = null;
    const failed = personForm.checkAll();
    if (failed.length > 0) first = fieldElement(failed[0]);
    const code = draft.value.tubeCode.trim();
    if (!code) {
      setTubeRequired(true);
      first ??= tubeInput();
    } else if (tubeServerProblem || tubeProblem(tubeStatus.result) || queuedTube) {
      first ??= tubeInput();
    }
    const timeMessage = validateCollectedAt(collectedAt);
    setCollectedAtError(timeMessage);
    if (timeMessage) first ??= fieldElement('collectedAt');
    const problems = failed.length > 0 || !code || timeMessage;
    if (first || problems) {
      focusControl(first);
      return false;
    }
    return true;
  };

  const showFieldProblem = (field: FieldProblemName, message: string) => {
    if (field === 'tubeCode') {
      setTubeServerProblem(message);
      tubeStatus.reload();
      focusControl(tubeInput());
    } else {
      setCollectedAtError(message);
      focusControl(fieldElement('collectedAt'));
    }
  };

  /**
   * No network: offer the offline queue. Accepted, the form starts afresh for the next person (a worker
   * binding tube after tube in a weak signal wants to go on, not to wait; the work home shows the queue).
   * Declined or refused, everything stays as typed, as after any failed submit.
   */
  const offerQueue = async (
    current: RegistrationDraft,
    outcome: Extract<SaveOutcome, { kind: 'offline' }>,
  ) => {
    setSubmitting(false);
    if (!(await offerOfflineQueue(outcome.message, outcome.step))) return;
    const registrationId = outcome.registrationId ?? current.registrationId;
    const queued = enqueueBind({
      registrationInput: toRegistrationInput({ ...current, registrationId }),
      // Saved in this attempt: the queue only binds. An id from an earlier attempt is in the input instead,
      // so the queue submits the current fields to that registration first.
      registrationId: outcome.step === 'bind' ? outcome.registrationId : undefined,
      tubeCode: current.tubeCode.trim(),
      collectedAt,
    });
    if (!queued.ok) {
      toastFail(queued.message);
      return;
    }
    clearDraft();
    toast(QUEUED_MESSAGE);
    window.scrollTo({ top: 0 });
  };

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    let submitted = false;
    try {
      setPageError(null);
      if (!validateAll()) return;
      const current: RegistrationDraft = { ...draft.value, collectedAt };
      // Looked up while the ID card was typed; only a lookup still under way is waited for, on the button.
      let conflict = registered.conflict;
      if (registered.pending) {
        setSubmitting('checking');
        conflict = await registered.check(current.idCard);
        setSubmitting(false);
      }
      if (conflict) {
        if (await offerExistingRegistration()) openRegistration(conflict.registration.id);
        return;
      }
      const idCard = normalizeIdCard(current.idCard);
      const { age, outsideScreeningAge } = derivedFromIdCard(idCard);
      if (outsideScreeningAge && ageAcceptedFor.current !== idCard) {
        if (!(await confirmOutsideScreeningAge(age))) {
          focusControl(fieldElement('idCard'));
          return;
        }
        ageAcceptedFor.current = idCard;
      }
      const confirmed = await confirmRegistration({
        name: current.name.trim(),
        idCard: current.idCard,
        tubeCode: current.tubeCode.trim(),
        collectedAt,
      });
      if (!confirmed) return;

      setSubmitting(true);
      // The unfinished registration saved on the server is the one submitted (never a second record).
      serverDraft.stop();
      current.registrationId = (await serverDraft.settle()) ?? current.registrationId;
      let savedId: string | undefined;
      const outcome = await saveRegistrationWithTube(current, collectedAt, {
        onRegistrationSaved: (registrationId) => {
          savedId = registrationId;
        },
        returnOffline: isWork,
      });
      if (outcome.kind === 'success') {
        submitted = true;
        draft.clear();
        void navigate(withQuery(routes.registrationSuccess, { id: outcome.registrationId }), {
          replace: true,
        });
        return;
      }
      // Remember the time and the saved registration, so a retry (here or from /bindErr, even after a
      // re-login) binds that registration instead of registering the person twice. Written at once as
      // well: the page may be left right away.
      const kept: RegistrationDraft = {
        ...draft.value,
        collectedAt,
        registrationId: savedId ?? current.registrationId,
        serverStatus: savedId ? 'submitted' : draft.value.serverStatus,
      };
      writePersisted(draftKey, kept);
      flushSync(() =>
        update({ collectedAt, registrationId: kept.registrationId, serverStatus: kept.serverStatus }),
      );
      switch (outcome.kind) {
        case 'id-card-registered':
          if (await offerExistingRegistration(outcome.message)) openRegistration(outcome.registrationId);
          return;
        case 'field':
          showFieldProblem(outcome.field, outcome.message);
          return;
        case 'bind-failed':
          if (audience === 'work') {
            void navigate(withQuery(paths.bindErr, { reason: outcome.reason }), {
              state: { message: outcome.message, fromForm: true } satisfies BindErrorState,
            });
          } else {
            setPageError(`${BIND_FAILURE_MESSAGES[outcome.reason]}（${outcome.message}）`);
            pageErrorRef.current?.scrollIntoView?.({ block: 'start' });
          }
          return;
        case 'offline':
          await offerQueue(current, outcome);
          return;
        case 'stay':
          return;
      }
    } catch {
      toastFail('提交没有成功，请稍后重试');
    } finally {
      busy.current = false;
      setSubmitting(false);
      if (!submitted) serverDraft.resume();
    }
  };

  const isCheck = !isWork;

  return (
    <PageShell
      footer={
        <Button
          block
          color="primary"
          size="large"
          className={styles.submit}
          loading={submitting !== false}
          loadingText={submitting === 'checking' ? '正在核对身份证号' : '正在提交'}
          disabled={submitting !== false}
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
            local={draft.value}
            replace={(next) => draft.setValue(next)}
            done={resumeDone}
            loading={resumeLoading}
          />
        </Suspense>
      )}
      {showRestored && (
        <div className={styles.restored} role="status">
          <span>已恢复上次未提交的内容</span>
          <Button size="small" fill="outline" onClick={clearDraft}>
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
          person={person}
          form={personForm}
          onIdCardBlur={() => void registered.check(draft.value.idCard)}
          afterIdCard={
            idCardConflict && (
              <div className={styles.conflict} role="alert">
                <span>该身份证号已登记，不需要重复登记。</span>
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() => openRegistration(idCardConflict.registration.id)}
                >
                  查看已有登记
                </Button>
              </div>
            )
          }
        />
      </form>
      {isWork && (
        <ServerDraftLine
          status={serverDraft.status}
          waitingForPerson={
            !person.registrationId && draftHasContent(person) && serverDraftInput(person) === null
          }
          onSave={
            !config.assumptions.saveDraftWhileTyping && serverDraft.unsaved
              ? () => void serverDraft.saveNow()
              : undefined
          }
        />
      )}

      <section className={styles.tube} aria-labelledby="registration-tube-heading">
        <h2 id="registration-tube-heading" className={styles.heading}>
          采样管
        </h2>
        <div ref={tubeFieldRef}>
          <TubeCodeInput
            value={draft.value.tubeCode}
            error={tubeRequired && !draft.value.tubeCode.trim() ? TUBE_REQUIRED_MESSAGE : null}
            onChange={(tubeCode) => {
              update({ tubeCode });
              setTubeRequired(false);
              setTubeServerProblem(null);
            }}
          />
        </div>
        <TubeStatusCard state={tubeStatus} serverProblem={tubeServerProblem} />
        {queuedTube && (
          <p className={styles.fieldError} role="alert">
            {QUEUED_TUBE_MESSAGE}
          </p>
        )}

        <FormField
          id={`${FORM_NAME}_collectedAt`}
          label="采集时间"
          description="默认为现在，不能晚于现在"
          error={collectedAtError}
        >
          <CollectionTimeField
            id={`${FORM_NAME}_collectedAt`}
            value={collectedAt}
            errorId={collectedAtError ? fieldMessageId(`${FORM_NAME}_collectedAt`) : undefined}
            onChange={(value) => {
              update({ collectedAt: value });
              setCollectedAtError(validateCollectedAt(value));
            }}
          />
        </FormField>
      </section>
    </PageShell>
  );
}
