import { toNumberIfNumeric } from '@/lib/number';
import type { DictionaryItem, DictionaryItemRaw, DictionaryTypeCode } from '@/types/api';
import { pageDictionaryItem } from './page-dictionary-item';

/** Spec §9: a dictionary is fetched whole, as page 1 of 1000. */
const DICTIONARY_PAGE_SIZE = 1000;

/** Spec §3: itemText → label, itemValue → value (a number when numeric), customAttribute → tagType. */
function toDictionaryItem(raw: DictionaryItemRaw): DictionaryItem {
  const item: DictionaryItem = { label: raw.itemText, value: toNumberIfNumeric(raw.itemValue) };
  if (raw.customAttribute) item.tagType = raw.customAttribute;
  return item;
}

/** The label of `value` ('1' and 1 match, as stored codes are strings and numeric values numbers). */
export function dictionaryLabel(
  items: readonly DictionaryItem[],
  value: string | number | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  return items.find((item) => String(item.value) === String(value))?.label ?? '';
}

type DictionaryFetcher = (typeCode: DictionaryTypeCode) => Promise<DictionaryItem[]>;

async function fetchDictionary(typeCode: DictionaryTypeCode): Promise<DictionaryItem[]> {
  const page = await pageDictionaryItem({
    dictionaryTypeCode: typeCode,
    pageIndex: 1,
    pageSize: DICTIONARY_PAGE_SIZE,
  });
  return page.records.map(toDictionaryItem);
}

interface DictionaryCache {
  /** Cached items, or one shared fetch for concurrent callers; a failed fetch is forgotten so the next call retries. */
  get(typeCode: DictionaryTypeCode): Promise<DictionaryItem[]>;
  /** The cached items, if this type has loaded. */
  peek(typeCode: DictionaryTypeCode): DictionaryItem[] | undefined;
  /** Forgets one type, or all. */
  clear(typeCode?: DictionaryTypeCode): void;
}

function createDictionaryCache(fetcher: DictionaryFetcher = fetchDictionary): DictionaryCache {
  const loaded = new Map<DictionaryTypeCode, DictionaryItem[]>();
  const pending = new Map<DictionaryTypeCode, Promise<DictionaryItem[]>>();

  return {
    get(typeCode) {
      const items = loaded.get(typeCode);
      if (items) return Promise.resolve(items);
      const inFlight = pending.get(typeCode);
      if (inFlight) return inFlight;
      const fetching = fetcher(typeCode).then(
        (result) => {
          if (pending.get(typeCode) === fetching) {
            pending.delete(typeCode);
            loaded.set(typeCode, result);
          }
          return result;
        },
        (error: unknown) => {
          if (pending.get(typeCode) === fetching) pending.delete(typeCode);
          throw error;
        },
      );
      pending.set(typeCode, fetching);
      return fetching;
    },
    peek(typeCode) {
      return loaded.get(typeCode);
    },
    clear(typeCode) {
      if (typeCode) {
        loaded.delete(typeCode);
        pending.delete(typeCode);
      } else {
        loaded.clear();
        pending.clear();
      }
    },
  };
}

const appCache = createDictionaryCache();

/** A dictionary by type code, cached for the life of the page (spec §4). */
export function getDictionary(typeCode: DictionaryTypeCode): Promise<DictionaryItem[]> {
  return appCache.get(typeCode);
}

export function peekDictionary(typeCode: DictionaryTypeCode): DictionaryItem[] | undefined {
  return appCache.peek(typeCode);
}

/** Forgets cached dictionaries (one type or all): on logout, on reload, and between tests. */
export function clearDictionaryCache(typeCode?: DictionaryTypeCode): void {
  appCache.clear(typeCode);
}
