import { useDictionary } from '@/api/dictionary/use-dictionary';
import type { DictionaryTypeCode } from '@/types/api';
import { OptionSelect } from './option-select';

export interface DictionarySelectProps {
  id?: string;
  typeCode: DictionaryTypeCode;
  label: string;
  /** The dictionary item's value as a string (contract: dictionary-coded fields are strings). */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/** A dictionary-backed choice (民族, 文化程度, …); the options load once per type and are cached. */
export function DictionarySelect({ typeCode, ...rest }: DictionarySelectProps) {
  const dictionary = useDictionary(typeCode);
  const options = dictionary.items.map((item) => ({ label: item.label, value: String(item.value) }));
  return (
    <OptionSelect
      {...rest}
      options={options}
      loading={dictionary.loading}
      loadError={Boolean(dictionary.error)}
      onRetry={dictionary.reload}
    />
  );
}
