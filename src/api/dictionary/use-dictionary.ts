import type { DictionaryItem, DictionaryTypeCode } from '@/types/api';
import { useApiRequest } from '@/lib/use-api-request';
import { clearDictionaryCache, getDictionary, peekDictionary } from './dictionary-cache';

export interface UseDictionaryResult {
  items: DictionaryItem[];
  loading: boolean;
  error: unknown;
  /** Forgets the cached type and fetches it again. */
  reload: () => void;
}

const EMPTY: DictionaryItem[] = [];

/**
 * A dictionary for a form or a label: cached items show at once, otherwise it loads. The items are
 * read from the cache (spec §4, dictionary-cache.ts), the one place they are kept; the request only
 * fills it and says when it has.
 */
export function useDictionary(typeCode: DictionaryTypeCode): UseDictionaryResult {
  const { loading, error, refresh } = useApiRequest(() => getDictionary(typeCode), {
    refreshDeps: [typeCode],
  });
  const cached = peekDictionary(typeCode);
  return {
    items: cached ?? EMPTY,
    loading: !cached && loading,
    error: cached || loading ? null : (error ?? null),
    reload: () => {
      clearDictionaryCache(typeCode);
      refresh();
    },
  };
}
