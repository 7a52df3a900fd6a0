import { Input } from 'antd-mobile';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { InlineLoading } from '@/components/async-view';
import { FieldInput, FormField, fieldMessageId } from '@/components/form-field';
import { IdCardInput } from '@/components/form-field/id-card-input';
import { KEPT_LOCAL_KEYS } from '@/config/storage-keys';
import { readText, writeText } from '@/lib/storage';
import { phoneDigitsNote } from '@/lib/phone';
import { whenIdle } from '@/lib/when-idle';
import type { RegistrationForm } from '../registration-draft';
import { OUTSIDE_SCREENING_AGE_NOTICE, derivedFromIdCard } from '../registration-form-values';
import type { PersonForm } from '../use-person-form';
import { focusControl } from '../use-tube-fields';
import { ChoiceGroup } from './choice-group';
import styles from './person-fields.module.css';

const FAMILY_HISTORY_QUESTION = '直系亲属（父母、兄弟姐妹、子女）是否患过大肠癌';
/** The fields folded under 选填信息: none of them is required. */
const OPTIONAL_FIELDS = [
  'nation',
  'education',
  'occupation',
  'address',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelation',
] as const satisfies readonly (keyof RegistrationForm)[];
const OPTIONAL_SUMMARY = '民族、文化程度、职业、住址等';

const loadOptionalFields = () => import('./optional-person-fields');
const OptionalPersonFields = lazy(() =>
  loadOptionalFields().then((module) => ({ default: module.OptionalPersonFields })),
);

/** Where storage refuses it, the fold starts closed next time. */
const readOptionalOpen = () => readText('local', KEPT_LOCAL_KEYS.optionalFieldsOpen) === '1';
function rememberOptionalOpen(open: boolean): void {
  writeText('local', KEPT_LOCAL_KEYS.optionalFieldsOpen, open ? '1' : '0');
}

const YES_NO = [
  { label: '没有', value: 'no' },
  { label: '有', value: 'yes' },
] as const;

export interface PersonFieldsProps {
  /** Prefix of the controls' ids (one per form on a page). */
  formName: string;
  /** Heading of the person card: 受检者信息, 本人信息 or 家人信息. */
  heading: string;
  /** Beside the heading (self-registration's 本人 / 家人 choice). */
  headingExtra?: ReactNode;
  person: RegistrationForm;
  form: PersonForm;
  /** Why the ID card cannot be changed (shown under it; the field is read-only), or undefined. */
  idCardLocked?: string;
  /** After the ID card's own check on blur (the entry form looks it up). */
  onIdCardBlur?: () => void;
  /** Shown under the ID card (the entry form's 该身份证号已登记). */
  afterIdCard?: ReactNode;
  /** After the person's required fields, before the family-history question and 选填信息 (the entry
   * form's tube section: scanned first). */
  beforeOptional?: ReactNode;
}

/**
 * The person and emergency-contact fields of a registration, shared by 信息录入 and the correction form
 * on 信息详情: birth date, gender and age are derived from the ID card and read-only; an age outside the
 * screening range is noted (not an error). What the spec requires comes first; the optional details
 * fold under one 选填信息 row, open when the device last left it open or when one of them holds a value,
 * and opened (its field focused) when a check fails inside it.
 */
export function PersonFields({
  formName,
  heading,
  headingExtra,
  person,
  form,
  idCardLocked,
  onIdCardBlur,
  afterIdCard,
  beforeOptional,
}: PersonFieldsProps) {
  const derived = derivedFromIdCard(person.idCard);
  const idCardNotice = derived.outsideScreeningAge ? OUTSIDE_SCREENING_AGE_NOTICE : null;
  const optionalId = useId();
  const summaryId = useId();
  const [open, setOpen] = useState(() => readOptionalOpen() || OPTIONAL_FIELDS.some((name) => person[name]));
  // A failed check inside the fold opens it, its field focused (the fold's content mounts then), unless
  // a field earlier on the page is to be fixed first.
  const foldError = form.fieldErrors.emergencyContactPhone;
  const [focusFoldError, setFocusFoldError] = useState(false);
  if (foldError && !open) {
    setOpen(true);
    setFocusFoldError(true);
  }
  const earlierError = Boolean(form.fieldErrors.name || form.fieldErrors.idCard || form.fieldErrors.phone);
  // The fold's chunk arrives while the person fills in the required fields: opened, it shows at once.
  useEffect(() => whenIdle(() => void loadOptionalFields().catch(() => undefined)), []);
  const toggle = () => {
    // A field to fix is not hidden: 收起 takes the person to it instead.
    if (open && foldError) {
      focusControl(document.getElementById(`${formName}_emergencyContactPhone`));
      return;
    }
    rememberOptionalOpen(!open);
    setOpen(!open);
    setFocusFoldError(false);
  };
  return (
    <>
      {headingExtra ? (
        <div className={styles.headingRow}>
          <h2 className={styles.heading}>{heading}</h2>
          {headingExtra}
        </div>
      ) : (
        <h2 className={styles.heading}>{heading}</h2>
      )}
      <div className={styles.card}>
        <FormField id={`${formName}_name`} label="姓名" required error={form.fieldErrors.name}>
          <FieldInput
            {...form.fieldProps('name')}
            placeholder="请填写姓名"
            autoComplete="name"
            maxLength={30}
          />
        </FormField>
        <FormField
          id={`${formName}_idCard`}
          label="身份证号"
          required
          description={idCardLocked}
          error={form.fieldErrors.idCard}
          notice={idCardNotice}
        >
          <IdCardInput
            {...form.fieldProps('idCard')}
            aria-describedby={
              form.fieldErrors.idCard || idCardNotice ? fieldMessageId(`${formName}_idCard`) : undefined
            }
            placeholder="请输入 18 位身份证号"
            readOnly={idCardLocked !== undefined}
            onBlur={() => {
              if (idCardLocked !== undefined) return;
              form.checkField('idCard');
              onIdCardBlur?.();
            }}
          />
        </FormField>
        {afterIdCard}
        {/* Read from the ID card, once it gives them: one row, and none before, so the required fields
            and the tube stay on the first screen. */}
        {derived.birthDate && (
          <div className={styles.derived}>
            <FormField id={`${formName}_birthDate`} label="出生日期">
              <Input id={`${formName}_birthDate`} value={derived.birthDate} readOnly />
            </FormField>
            <FormField id={`${formName}_genderLabel`} label="性别">
              <Input id={`${formName}_genderLabel`} value={derived.genderLabel} readOnly />
            </FormField>
            <FormField id={`${formName}_age`} label="年龄">
              <Input id={`${formName}_age`} value={derived.age} readOnly />
            </FormField>
          </div>
        )}
        <FormField
          id={`${formName}_phone`}
          label="联系电话"
          required
          description={phoneDigitsNote(person.phone)}
          error={form.fieldErrors.phone}
        >
          <FieldInput
            {...form.fieldProps('phone')}
            placeholder="请填写手机号或固定电话"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
          />
        </FormField>
      </div>

      {beforeOptional}

      <div className={`${styles.card} ${styles.questionCard}`}>
        <div className={styles.question}>
          <p className={styles.questionText} aria-hidden="true">
            {FAMILY_HISTORY_QUESTION}
          </p>
          <ChoiceGroup
            id={`${formName}_familyHistory`}
            label={FAMILY_HISTORY_QUESTION}
            name="familyHistory"
            options={YES_NO}
            variant="horizontal"
            value={person.familyHistory === undefined ? null : person.familyHistory ? 'yes' : 'no'}
            onChange={(value) => form.changePerson('familyHistory', value === 'yes')}
          />
        </div>
      </div>

      <button
        type="button"
        className={styles.fold}
        aria-expanded={open}
        aria-controls={open ? optionalId : undefined}
        aria-describedby={summaryId}
        onClick={toggle}
      >
        <span className={styles.foldTitle}>选填信息</span>
        <span id={summaryId} className={styles.foldSummary} aria-hidden="true">
          {OPTIONAL_SUMMARY}
        </span>
        <span className={styles.foldState} aria-hidden="true">
          {open ? '收起' : '展开'}
        </span>
      </button>
      {open && (
        <div id={optionalId} className={styles.optional}>
          <Suspense fallback={<InlineLoading />}>
            <OptionalPersonFields
              formName={formName}
              person={person}
              form={form}
              focusPhone={focusFoldError && !earlierError}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
