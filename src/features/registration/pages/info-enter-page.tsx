import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { TubeCodeInput } from '@/components/tube-code-input';
import { paths, withQuery } from '@/config/paths';
import { enqueueBind, findQueuedTube, useOfflineQueue } from '@/features/offline-queue';
import { toast, toastFail } from '@/lib/feedback';
import { validateIdCard } from '@/lib/id-card';
import { validateName, validatePhone } from '@/lib/phone';
import { useAudience } from '@/lib/route-meta';
import { usePersistentState, writePersisted } from '@/lib/use-persistent-state';
import { audiencePaths } from '../audience-paths';
import { ChoiceGroup } from '../components/choice-group';
import {
  CollectionTimeField,
  toDateTimeString,
  validateCollectedAt,
} from '../components/collection-time-field';
import { DictionarySelect } from '../components/dictionary-select';
import {
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
  derivedFromIdCard,
  pickPersonFields,
  toFormValues,
  validateOptionalPhone,
  type PersonFormValues,
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
const YES_NO = [
  { label: '没有', value: 'no' },
  { label: '有', value: 'yes' },
] as const;

function rule(check: (value: string) => string | null) {
  return {
    validator: (_: unknown, value: unknown) => {
      const message = check(typeof value === 'string' ? value : '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** Brings a control into view and gives it focus, so the user lands on what needs fixing. */
function focusControl(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

/** The asterisk is for the eye only: the accessible name stays the plain field name. */
function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <span aria-hidden="true" className={styles.required}>
        {' '}
        *
      </span>
    </>
  );
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
  const routes = audiencePaths(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const draft = usePersistentState<RegistrationDraft>(
    registrationDraftKey(audience),
    EMPTY_REGISTRATION_DRAFT,
  );
  const [form] = Form.useForm<PersonFormValues>();
  const [initialValues] = useState(() => toFormValues(draft.value));
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

  const onValuesChange = (changed: Partial<PersonFormValues>, all: PersonFormValues) => {
    if ('idCard' in changed) form.setFieldsValue(derivedFromIdCard(all.idCard));
    const fixed = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
    if (fixed.length > 0) form.setFields(fixed.map((name) => ({ name, errors: [] })));
    update(pickPersonFields(all));
  };

  const clearDraft = () => {
    draft.clear();
    form.setFields(
      Object.entries(toFormValues(EMPTY_REGISTRATION_DRAFT)).map(([name, value]: [string, unknown]) => ({
        name,
        value,
        errors: [] as string[],
      })),
    );
    setShowRestored(false);
    setTubeRequired(false);
    setTubeServerProblem(null);
    setCollectedAtError(null);
    setPageError(null);
  };

  const openRegistration = (id: string | undefined) => {
    if (id) void navigate(withQuery(routes.detail, { id }));
  };

  const tubeInput = () => tubeFieldRef.current?.querySelector('input') ?? null;

  /** Checks every field; shows each message at its field and focuses the first one. */
  const validateAll = async (): Promise<boolean> => {
    let first: HTMLElement | null = null;
    try {
      await form.validateFields();
    } catch (error) {
      const errorFields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      const firstName = errorFields[0]?.name.join('_');
      if (firstName) first = fieldElement(firstName);
      else if (errorFields.length === 0) throw error;
    }
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
    const problems = form.getFieldsError().some((field) => field.errors.length > 0) || !code || timeMessage;
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
  const offerQueue = async (current: RegistrationDraft, outcome: Extract<SaveOutcome, { kind: 'offline' }>) => {
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
      if (!(await validateAll())) return;
      const current: RegistrationDraft = { ...draft.value, collectedAt };
      const conflict = registered.conflictFor(current.idCard) ?? (await registered.check(current.idCard));
      if (conflict) {
        if (await offerExistingRegistration()) openRegistration(conflict.registration.id);
        return;
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
        void navigate(withQuery(routes.success, { id: outcome.registrationId }), { replace: true });
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

      <Form
        form={form}
        name={FORM_NAME}
        layout="vertical"
        mode="card"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        requiredMarkStyle="none"
        className={styles.form}
      >
        <Form.Header>
          <h2 className={styles.heading}>{isCheck ? '本人信息' : '受检者信息'}</h2>
        </Form.Header>
        <Form.Item
          name="name"
          label={<RequiredLabel text="姓名" />}
          required
          rules={[rule(validateName)]}
          validateTrigger="onBlur"
        >
          <Input placeholder="请填写姓名" autoComplete="name" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="idCard"
          label={<RequiredLabel text="身份证号" />}
          required
          rules={[rule((value) => validateIdCard(value))]}
          validateTrigger="onBlur"
        >
          <Input
            placeholder="请输入 18 位身份证号"

            autoComplete="off"
            maxLength={18}
            onBlur={() => void registered.check(form.getFieldValue('idCard') as string)}
          />
        </Form.Item>
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
        <Form.Item name="birthDate" label="出生日期" description="根据身份证号自动填写">
          <Input readOnly placeholder="—" />
        </Form.Item>
        <Form.Item name="genderLabel" label="性别">
          <Input readOnly placeholder="—" />
        </Form.Item>
        <Form.Item name="age" label="年龄">
          <Input readOnly placeholder="—" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={<RequiredLabel text="联系电话" />}
          required
          rules={[rule(validatePhone)]}
          validateTrigger="onBlur"
        >
          <Input
            placeholder="请填写手机号或固定电话"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
          />
        </Form.Item>
        <Form.Item name="nation" label="民族">
          <DictionarySelect typeCode="nation" label="民族" />
        </Form.Item>
        <Form.Item name="education" label="文化程度">
          <DictionarySelect typeCode="education" label="文化程度" />
        </Form.Item>
        <Form.Item name="occupation" label="职业">
          <DictionarySelect typeCode="occupation" label="职业" />
        </Form.Item>
        <Form.Item name="address" label="住址">
          <TextArea placeholder="请填写现住址" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={100} />
        </Form.Item>
        <Form.Item
          name="familyHistory"
          label={FAMILY_HISTORY_QUESTION}
          getValueProps={(value: boolean | undefined) => ({
            value: value === undefined ? null : value ? 'yes' : 'no',
          })}
          normalize={(value: string) => value === 'yes'}
        >
          <ChoiceGroup
            label={FAMILY_HISTORY_QUESTION}
            name="familyHistory"
            options={YES_NO}
            variant="horizontal"
          />
        </Form.Item>

        <Form.Header>
          <h2 className={styles.heading}>紧急联系人</h2>
        </Form.Header>
        <Form.Item name="emergencyContactName" label="联系人姓名">
          <Input placeholder="选填" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="emergencyContactPhone"
          label="联系人电话"
          rules={[rule(validateOptionalPhone)]}
          validateTrigger="onBlur"
        >
          <Input placeholder="选填" type="tel" inputMode="tel" maxLength={20} />
        </Form.Item>
        <Form.Item name="emergencyContactRelation" label="与本人关系">
          <DictionarySelect typeCode="relation" label="与本人关系" />
        </Form.Item>
      </Form>

      <section className={styles.tube} aria-labelledby="registration-tube-heading">
        <h2 id="registration-tube-heading" className={styles.heading}>
          采样管
        </h2>
        <div ref={tubeFieldRef}>
          <TubeCodeInput
            value={draft.value.tubeCode}
            onChange={(tubeCode) => {
              update({ tubeCode });
              setTubeRequired(false);
              setTubeServerProblem(null);
            }}
          />
        </div>
        {tubeRequired && !draft.value.tubeCode.trim() && (
          <p className={styles.fieldError} role="alert">
            {TUBE_REQUIRED_MESSAGE}
          </p>
        )}
        <TubeStatusCard state={tubeStatus} serverProblem={tubeServerProblem} />
        {queuedTube && (
          <p className={styles.fieldError} role="alert">
            {QUEUED_TUBE_MESSAGE}
          </p>
        )}

        <div className={styles.timeField}>
          <label className={styles.timeLabel} htmlFor={`${FORM_NAME}_collectedAt`}>
            采集时间
          </label>
          <CollectionTimeField
            id={`${FORM_NAME}_collectedAt`}
            value={collectedAt}
            onChange={(value) => {
              update({ collectedAt: value });
              setCollectedAtError(validateCollectedAt(value));
            }}
          />
          <p className={styles.hint}>默认为现在，不能晚于现在</p>
          {collectedAtError && (
            <p className={styles.fieldError} role="alert">
              {collectedAtError}
            </p>
          )}
        </div>
      </section>
    </PageShell>
  );
}
