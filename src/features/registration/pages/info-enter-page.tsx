import { Button, Input } from 'antd-mobile';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { TubeCodeInput } from '@/components/tube-code-input';
import { paths, withQuery } from '@/config/paths';
import { enqueueBind, findQueuedTube, useOfflineQueue } from '@/features/offline-queue';
import { toast, toastFail } from '@/lib/feedback';
import { normalizeIdCard } from '@/lib/id-card';
import { validateName, validatePhone } from '@/lib/phone';
import { useAudience } from '@/lib/route-meta';
import { usePersistentState, writePersisted } from '@/lib/use-persistent-state';
import { audiencePages } from '@/config/audience';
import { ChoiceGroup } from '../components/choice-group';
import {
  CollectionTimeField,
  toDateTimeString,
  validateCollectedAt,
} from '../components/collection-time-field';
import { DictionarySelect } from '../components/dictionary-select';
import { FieldInput, FormField, fieldMessageId } from '@/components/form-field';
import { GrowingTextArea } from '@/components/growing-text-area';
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
  registrationDraftKey,
  toRegistrationInput,
  type RegistrationDraft,
} from '../registration-draft';
import {
  OUTSIDE_SCREENING_AGE_NOTICE,
  derivedFromIdCard,
  validateOptionalPhone,
  validateRegistrationIdCard,
  type PersonFieldName,
} from '../registration-form-values';
import {
  BIND_FAILURE_MESSAGES,
  saveRegistrationWithTube,
  type BindErrorState,
  type EntryLocationState,
  type FieldProblemName,
  type SaveOutcome,
} from '../save-registration';
import { useRegisteredIdCard } from '../use-registered-id-card';
import { TUBE_REQUIRED_MESSAGE, tubeProblem, useTubeStatus } from '../use-tube-status';
import styles from './info-enter-page.module.css';

const FORM_NAME = 'registration';
const FAMILY_HISTORY_QUESTION = '直系亲属（父母、兄弟姐妹、子女）是否患过大肠癌';
const QUEUED_MESSAGE = '网络不可用，已保存到待发送队列，恢复网络后将自动提交';
const QUEUED_TUBE_MESSAGE = '该采样管已在待发送队列中，不能再绑定给其他人，请更换采样管';
/** The dictionary-coded person fields, in the order the form shows them. */
const DICTIONARY_FIELDS = [
  { name: 'nation', typeCode: 'nation', label: '民族' },
  { name: 'education', typeCode: 'education', label: '文化程度' },
  { name: 'occupation', typeCode: 'occupation', label: '职业' },
] as const;
const YES_NO = [
  { label: '没有', value: 'no' },
  { label: '有', value: 'yes' },
] as const;

/** The fields with rules, each checked when it loses focus and on submit. */
type CheckedField = 'name' | 'idCard' | 'phone' | 'emergencyContactPhone';
const CHECKS: Readonly<Record<CheckedField, (value: string) => string | null>> = {
  name: validateName,
  idCard: (value) => validateRegistrationIdCard(value),
  phone: validatePhone,
  emergencyContactPhone: validateOptionalPhone,
};
const CHECK_ORDER: readonly CheckedField[] = ['name', 'idCard', 'phone', 'emergencyContactPhone'];

/** Brings a control into view and gives it focus, so the user lands on what needs fixing. */
function focusControl(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

function fieldElement(name: string): HTMLElement | null {
  return document.getElementById(`${FORM_NAME}_${name}`);
}

/**
 * 信息录入 for both audiences: the person, the tube (scanned or typed) and the collection time, saved as
 * a draft on every change; submitting registers the person and binds the tube in one go.
 */
export default function InfoEnterPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const draft = usePersistentState<RegistrationDraft>(
    registrationDraftKey(audience),
    EMPTY_REGISTRATION_DRAFT,
  );
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CheckedField, string>>>({});
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
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  /** The ID card whose out-of-range age the user accepted with 仍要登记: not asked again for it. */
  const ageAcceptedFor = useRef<string | null>(null);
  const tubeFieldRef = useRef<HTMLDivElement>(null);
  const pageErrorRef = useRef<HTMLDivElement>(null);

  const tubeStatus = useTubeStatus(draft.value.tubeCode);
  const registered = useRegisteredIdCard(draft.value.registrationId);
  const collectedAt = draft.value.collectedAt ?? defaultCollectedAt;
  const idCardConflict = registered.conflictFor(draft.value.idCard);
  // Staff only: what waits in the offline queue (check users never queue).
  const queue = useOfflineQueue();
  const isWork = audience === 'work';
  const queuedTube = isWork ? findQueuedTube(queue.entries, draft.value.tubeCode) : undefined;

  const update = (patch: Partial<RegistrationDraft>) =>
    draft.setValue((previous) => ({ ...previous, ...patch }));

  const person = draft.value;
  const derived = derivedFromIdCard(person.idCard);
  const idCardNotice = derived.outsideScreeningAge ? OUTSIDE_SCREENING_AGE_NOTICE : null;

  /** A person field changed: saved in the draft at once; its message goes until the next check. */
  const changePerson = <K extends PersonFieldName>(name: K, value: RegistrationDraft[K]) => {
    update({ [name]: value });
    setFieldErrors((previous) =>
      previous[name as CheckedField] ? { ...previous, [name]: undefined } : previous,
    );
  };

  const checkField = (name: CheckedField): string | null => {
    const message = CHECKS[name](draft.value[name]);
    setFieldErrors((previous) => ({ ...previous, [name]: message ?? undefined }));
    return message;
  };

  /** The props that tie a text control to its label, message and rule. */
  const fieldProps = (name: CheckedField) => ({
    id: `${FORM_NAME}_${name}`,
    value: person[name],
    onChange: (value: string) => changePerson(name, value),
    onBlur: () => void checkField(name),
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? fieldMessageId(`${FORM_NAME}_${name}`) : undefined,
  });

  const clearDraft = () => {
    draft.clear();
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
    const failed = CHECK_ORDER.filter((name) => checkField(name) !== null);
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
    try {
      setPageError(null);
      if (!validateAll()) return;
      const current: RegistrationDraft = { ...draft.value, collectedAt };
      const conflict = registered.conflictFor(current.idCard) ?? (await registered.check(current.idCard));
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
      let savedId: string | undefined;
      const outcome = await saveRegistrationWithTube(current, collectedAt, {
        onRegistrationSaved: (registrationId) => {
          savedId = registrationId;
        },
        returnOffline: isWork,
      });
      if (outcome.kind === 'success') {
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
        registrationId: savedId ?? draft.value.registrationId,
      };
      writePersisted(registrationDraftKey(audience), kept);
      flushSync(() => update({ collectedAt, registrationId: kept.registrationId }));
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
          loading={submitting}
          loadingText="正在提交"
          disabled={submitting}
          onClick={() => void submit()}
        >
          {isCheck ? '提交' : '提交并绑定'}
        </Button>
      }
    >
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
        <h2 className={styles.heading}>{isCheck ? '本人信息' : '受检者信息'}</h2>
        <div className={styles.card}>
          <FormField id={`${FORM_NAME}_name`} label="姓名" required error={fieldErrors.name}>
            <FieldInput {...fieldProps('name')} placeholder="请填写姓名" autoComplete="name" maxLength={30} />
          </FormField>
          <FormField
            id={`${FORM_NAME}_idCard`}
            label="身份证号"
            required
            error={fieldErrors.idCard}
            notice={idCardNotice}
          >
            <FieldInput
              {...fieldProps('idCard')}
              aria-describedby={
                fieldErrors.idCard || idCardNotice ? fieldMessageId(`${FORM_NAME}_idCard`) : undefined
              }
              placeholder="请输入 18 位身份证号"
              autoComplete="off"
              maxLength={18}
              onBlur={() => {
                checkField('idCard');
                void registered.check(draft.value.idCard);
              }}
            />
          </FormField>
          {idCardConflict && (
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
          )}
          <FormField id={`${FORM_NAME}_birthDate`} label="出生日期" description="根据身份证号自动填写">
            <Input id={`${FORM_NAME}_birthDate`} value={derived.birthDate} readOnly placeholder="—" />
          </FormField>
          <FormField id={`${FORM_NAME}_genderLabel`} label="性别">
            <Input id={`${FORM_NAME}_genderLabel`} value={derived.genderLabel} readOnly placeholder="—" />
          </FormField>
          <FormField id={`${FORM_NAME}_age`} label="年龄">
            <Input id={`${FORM_NAME}_age`} value={derived.age} readOnly placeholder="—" />
          </FormField>
          <FormField id={`${FORM_NAME}_phone`} label="联系电话" required error={fieldErrors.phone}>
            <FieldInput
              {...fieldProps('phone')}
              placeholder="请填写手机号或固定电话"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
            />
          </FormField>
          {DICTIONARY_FIELDS.map(({ name, typeCode, label }) => (
            <FormField key={name} id={`${FORM_NAME}_${name}`} label={label}>
              <DictionarySelect
                id={`${FORM_NAME}_${name}`}
                typeCode={typeCode}
                label={label}
                value={person[name]}
                onChange={(value) => changePerson(name, value)}
              />
            </FormField>
          ))}
          <FormField id={`${FORM_NAME}_address`} label="住址">
            <GrowingTextArea
              id={`${FORM_NAME}_address`}
              value={person.address}
              onChange={(value) => changePerson('address', value)}
              placeholder="请填写现住址"
              minRows={1}
              maxRows={4}
              maxLength={100}
            />
          </FormField>
          <div className={styles.question}>
            <p className={styles.questionText} aria-hidden="true">
              {FAMILY_HISTORY_QUESTION}
            </p>
            <ChoiceGroup
              id={`${FORM_NAME}_familyHistory`}
              label={FAMILY_HISTORY_QUESTION}
              name="familyHistory"
              options={YES_NO}
              variant="horizontal"
              value={person.familyHistory === undefined ? null : person.familyHistory ? 'yes' : 'no'}
              onChange={(value) => changePerson('familyHistory', value === 'yes')}
            />
          </div>
        </div>

        <h2 className={styles.heading}>紧急联系人</h2>
        <div className={styles.card}>
          <FormField id={`${FORM_NAME}_emergencyContactName`} label="联系人姓名">
            <Input
              id={`${FORM_NAME}_emergencyContactName`}
              value={person.emergencyContactName}
              onChange={(value) => changePerson('emergencyContactName', value)}
              placeholder="选填"
              maxLength={30}
            />
          </FormField>
          <FormField
            id={`${FORM_NAME}_emergencyContactPhone`}
            label="联系人电话"
            error={fieldErrors.emergencyContactPhone}
          >
            <FieldInput
              {...fieldProps('emergencyContactPhone')}
              placeholder="选填"
              type="tel"
              inputMode="tel"
              maxLength={20}
            />
          </FormField>
          <FormField id={`${FORM_NAME}_emergencyContactRelation`} label="与本人关系">
            <DictionarySelect
              id={`${FORM_NAME}_emergencyContactRelation`}
              typeCode="relation"
              label="与本人关系"
              value={person.emergencyContactRelation}
              onChange={(value) => changePerson('emergencyContactRelation', value)}
            />
          </FormField>
        </div>
      </form>

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
