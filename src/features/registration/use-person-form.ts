import { useState } from 'react';
import { fieldMessageId } from '@/components/form-field';
import { validateName, validatePhone } from '@/lib/phone';
import type { PersonFieldName, RegistrationForm } from './registration-draft';
import { validateOptionalPhone, validateRegistrationIdCard } from './registration-form-values';

/** The person fields with rules, each checked when it loses focus and on submit. */
export type CheckedField = 'name' | 'idCard' | 'phone' | 'emergencyContactPhone';
const CHECKS: Readonly<Record<CheckedField, (value: string) => string | null>> = {
  name: validateName,
  idCard: (value) => validateRegistrationIdCard(value),
  phone: validatePhone,
  emergencyContactPhone: validateOptionalPhone,
};
const CHECK_ORDER: readonly CheckedField[] = ['name', 'idCard', 'phone', 'emergencyContactPhone'];

export type FieldErrors = Partial<Record<CheckedField, string>>;

/**
 * The person part of a registration form (entry and correction): each field's message, checked on
 * blur and on submit, and the props that tie a text control to its label, message and rule.
 * `formName` prefixes the controls' ids.
 */
export function usePersonForm(
  person: RegistrationForm,
  update: (patch: Partial<RegistrationForm>) => void,
  formName: string,
) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  /** A person field changed: saved in the draft at once; its message goes until the next check. */
  const changePerson = <K extends PersonFieldName>(name: K, value: RegistrationForm[K]) => {
    update({ [name]: value });
    setFieldErrors((previous) =>
      previous[name as CheckedField] ? { ...previous, [name]: undefined } : previous,
    );
  };

  const checkField = (name: CheckedField): string | null => {
    const message = CHECKS[name](person[name]);
    setFieldErrors((previous) => ({ ...previous, [name]: message ?? undefined }));
    return message;
  };

  /** Checks every person field (except `skip`) and returns those that failed, in the form's order. */
  const checkAll = (skip: readonly CheckedField[] = []): CheckedField[] =>
    CHECK_ORDER.filter((name) => !skip.includes(name) && checkField(name) !== null);

  const fieldProps = (name: CheckedField) => ({
    id: `${formName}_${name}`,
    value: person[name],
    onChange: (value: string) => changePerson(name, value),
    onBlur: () => void checkField(name),
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? fieldMessageId(`${formName}_${name}`) : undefined,
  });

  return { fieldErrors, setFieldErrors, changePerson, checkField, checkAll, fieldProps };
}

export type PersonForm = ReturnType<typeof usePersonForm>;
