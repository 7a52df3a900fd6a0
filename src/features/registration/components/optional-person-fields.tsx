import { Input } from 'antd-mobile';
import { FieldInput, FormField } from '@/components/form-field';
import { GrowingTextArea } from '@/components/growing-text-area';
import { phoneDigitsNote } from '@/lib/phone';
import type { RegistrationForm } from '../registration-draft';
import type { PersonForm } from '../use-person-form';
import { DictionarySelect } from './dictionary-select';
import styles from './person-fields.module.css';

/** The dictionary-coded person fields, in the order the form shows them. */
const DICTIONARY_FIELDS = [
  { name: 'nation', typeCode: 'nation', label: '民族' },
  { name: 'education', typeCode: 'education', label: '文化程度' },
  { name: 'occupation', typeCode: 'occupation', label: '职业' },
] as const;

export interface OptionalPersonFieldsProps {
  formName: string;
  person: RegistrationForm;
  form: PersonForm;
  /** Focus 联系人电话 as it mounts: its check failed and no field earlier on the page waits to be fixed. */
  focusPhone: boolean;
}

/**
 * What folds under 选填信息 (PersonFields): 民族, 文化程度, 职业, 住址 and the emergency contact. Its own
 * chunk, with the dictionary choices and their sheet: loaded when the browser is idle after the form
 * shows, so the fold opens at once, and the form's first screen does not wait for it.
 */
export function OptionalPersonFields({ formName, person, form, focusPhone }: OptionalPersonFieldsProps) {
  return (
    <>
      <div className={styles.card}>
        {DICTIONARY_FIELDS.map(({ name, typeCode, label }) => (
          <FormField key={name} id={`${formName}_${name}`} label={label}>
            <DictionarySelect
              id={`${formName}_${name}`}
              typeCode={typeCode}
              label={label}
              value={person[name]}
              onChange={(value) => form.changePerson(name, value)}
            />
          </FormField>
        ))}
        <FormField id={`${formName}_address`} label="住址">
          <GrowingTextArea
            id={`${formName}_address`}
            value={person.address}
            onChange={(value) => form.changePerson('address', value)}
            placeholder="请填写现住址"
            minRows={1}
            maxRows={4}
            maxLength={100}
          />
        </FormField>
      </div>

      <h2 className={styles.heading}>紧急联系人</h2>
      <div className={styles.card}>
        <FormField id={`${formName}_emergencyContactName`} label="联系人姓名">
          <Input
            id={`${formName}_emergencyContactName`}
            value={person.emergencyContactName}
            onChange={(value) => form.changePerson('emergencyContactName', value)}
            placeholder="选填"
            maxLength={30}
          />
        </FormField>
        <FormField
          id={`${formName}_emergencyContactPhone`}
          label="联系人电话"
          description={phoneDigitsNote(person.emergencyContactPhone)}
          error={form.fieldErrors.emergencyContactPhone}
        >
          <FieldInput
            {...form.fieldProps('emergencyContactPhone')}
            autoFocus={focusPhone}
            placeholder="选填"
            type="tel"
            inputMode="tel"
            maxLength={20}
          />
        </FormField>
        <FormField id={`${formName}_emergencyContactRelation`} label="与本人关系">
          <DictionarySelect
            id={`${formName}_emergencyContactRelation`}
            typeCode="relation"
            label="与本人关系"
            value={person.emergencyContactRelation}
            onChange={(value) => form.changePerson('emergencyContactRelation', value)}
          />
        </FormField>
      </div>
    </>
  );
}
