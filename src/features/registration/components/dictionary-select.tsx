import { useQuery } from '@tanstack/react-query';
import { dictionaryQuery } from '@/api/dictionary/dictionary-read';
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
  const { data, isFetching, isError, refetch } = useQuery(dictionaryQuery(typeCode));
  const options = (data ?? []).map((item) => ({ label: item.label, value: String(item.value) }));
  return (
    <OptionSelect
      {...rest}
      options={options}
      loading={isFetching}
      loadError={isError && !isFetching}
      onRetry={() => void refetch()}
    />
  );
}
