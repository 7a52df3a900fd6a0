import { Button } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { toastSuccess } from '@/lib/feedback';
import { useTapGuard } from '@/lib/use-tap-guard';
import { usePersistentState } from '@/lib/use-persistent-state';
import { canUnbind, type Registration } from '@/types/api';
import { formFromRegistration, registrationFormSchema, type RegistrationForm } from '../registration-draft';
import { useResubmitRegistration } from '../resubmit-registration';
import { usePersonForm } from '../use-person-form';
import { PersonFields } from './person-fields';
import styles from './detail-actions.module.css';

const FORM_NAME = 'correction';
const ID_CARD_LOCKED_MESSAGE =
  '已绑定采样管，身份证号不能修改（检测报告按身份证号查询）。如身份证号有误，请先解绑采样管或联系工作人员。';
const NOT_CORRECTABLE_MESSAGE = '实验室已接收样本，登记信息不能再修改。如有错误，请联系工作人员。';

/** A submitted registration can be corrected until its sample has reached the lab. */
function isCorrectable(registration: Registration): boolean {
  return registration.status === 'submitted' && (!registration.tube || canUnbind(registration.tube.status));
}

/**
 * 修改登记信息 on 信息详情: the registration's own fields, prefilled, re-submitted to the same record
 * (ScreeningRegister/Submit with its id, never a second registration), after which the detail is read
 * again. What is typed is a draft on the phone until saved, so a reload or a failed request loses
 * nothing. The ID card is locked once a tube is bound. `children` is the read-only view shown while not
 * correcting.
 */
export function RegistrationCorrection({
  registration,
  children,
}: {
  registration: Registration;
  children: ReactNode;
}) {
  const draft = usePersistentState(
    `registration-correction:${registration.id}`,
    registrationFormSchema,
    formFromRegistration(registration),
  );
  const [open, setOpen] = useState(draft.restored);
  const guard = useTapGuard();
  const resubmit = useResubmitRegistration(registration);
  const saving = resubmit.isPending;
  const update = (patch: Partial<RegistrationForm>) =>
    draft.setValue((previous) => ({ ...previous, ...patch }));
  const form = usePersonForm(draft.value, update, FORM_NAME);
  const idCardLocked = registration.tube ? ID_CARD_LOCKED_MESSAGE : undefined;

  if (!isCorrectable(registration)) {
    return (
      <>
        {children}
        {registration.status === 'submitted' && <p className={styles.hint}>{NOT_CORRECTABLE_MESSAGE}</p>}
      </>
    );
  }

  if (!open) {
    return (
      <>
        {children}
        <Button block size="large" fill="outline" className={styles.action} onClick={() => setOpen(true)}>
          修改登记信息
        </Button>
      </>
    );
  }

  const close = () => {
    draft.clear();
    form.setFieldErrors({});
    setOpen(false);
  };

  const save = () =>
    guard.run(async () => {
      const failed = form.checkAll(idCardLocked ? ['idCard'] : []);
      if (failed.length > 0) {
        document.getElementById(`${FORM_NAME}_${failed[0]}`)?.focus();
        return;
      }
      try {
        const value = idCardLocked ? { ...draft.value, idCard: registration.idCard } : draft.value;
        await resubmit.mutateAsync(value);
        close();
        toastSuccess('登记信息已更新');
      } catch {
        // The error toast is shown centrally; the form keeps what was typed.
      }
    });

  return (
    <form
      aria-label="修改登记信息"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PersonFields
        formName={FORM_NAME}
        heading="修改登记信息"
        person={draft.value}
        form={form}
        idCardLocked={idCardLocked}
      />
      <div className={styles.actions}>
        <Button block size="large" color="primary" type="submit" loading={saving} disabled={saving}>
          保存修改
        </Button>
        <Button block size="large" onClick={close} disabled={saving}>
          取消修改
        </Button>
      </div>
    </form>
  );
}
