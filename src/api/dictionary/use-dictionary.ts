import { useCallback, useEffect, useState } from 'react';
import type { DictionaryItem, DictionaryTypeCode } from '@/types/api';
import { clearDictionaryCache, getDictionary, peekDictionary } from './dictionary-cache';

export interface UseDictionaryResult {
  items: DictionaryItem[];
  loading: boolean;
  error: unknown;
  /** Forgets the cached type and fetches it again. */
  reload: () => void;
}

interface Settled {
  key: string;
  items?: DictionaryItem[];
  error?: unknown;
}

const EMPTY: DictionaryItem[] = [];

/** A dictionary for a form or a label: cached items show at once, otherwise it loads (spec §4 cache). */
export function useDictionary(typeCode: DictionaryTypeCode): UseDictionaryResult {
  const [attempt, setAttempt] = useState(0);
  const key = `${typeCode}#${attempt}`;
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    let active = true;
    getDictionary(typeCode).then(
      (items) => {
        if (active) setSettled({ key, items });
      },
      (error: unknown) => {
        if (active) setSettled({ key, error });
      },
    );
    return () => {
      active = false;
    };
  }, [typeCode, key]);

  const reload = useCallback(() => {
    clearDictionaryCache(typeCode);
    setAttempt((value) => value + 1);
  }, [typeCode]);

  const current = settled?.key === key ? settled : null;
  const cached = peekDictionary(typeCode);
  return {
    items: current?.items ?? cached ?? EMPTY,
    loading: !current && !cached,
    error: current?.error ?? null,
    reload,
  };
}
