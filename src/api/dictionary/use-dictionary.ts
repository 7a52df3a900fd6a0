import type { DictionaryItem, DictionaryTypeCode } from '@/types/api';
import { useRead } from '@/lib/query-client';
import { dictionaryRead } from './dictionary-read';

export interface UseDictionaryResult {
  items: DictionaryItem[];
  loading: boolean;
  error: unknown;
  /** Asks the server for the type again. */
  reload: () => void;
}

const EMPTY: DictionaryItem[] = [];

/** A dictionary for a form or a label: a type read before shows at once, otherwise it loads. */
export function useDictionary(typeCode: DictionaryTypeCode): UseDictionaryResult {
  const { data, error, isFetching, refetch } = useRead(dictionaryRead(typeCode));
  return {
    items: data ?? EMPTY,
    loading: !data && isFetching,
    error: data || isFetching ? null : error,
    reload: () => void refetch(),
  };
}
