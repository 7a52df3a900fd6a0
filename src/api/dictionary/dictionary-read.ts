import { readKeys } from '../read-keys';
import { queryOptions } from '@tanstack/react-query';
import { toNumberIfNumeric } from '@/lib/number';
import type { CallOptions, DictionaryItem, DictionaryItemRaw, DictionaryTypeCode } from '@/types/api';
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
  items: readonly DictionaryItem[] | undefined,
  value: string | number | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  return items?.find((item) => String(item.value) === String(value))?.label ?? '';
}

async function fetchDictionary(typeCode: DictionaryTypeCode, call: CallOptions): Promise<DictionaryItem[]> {
  const page = await pageDictionaryItem(
    { dictionaryTypeCode: typeCode, pageIndex: 1, pageSize: DICTIONARY_PAGE_SIZE },
    call,
  );
  return page.records.map(toDictionaryItem);
}

/**
 * A dictionary by type code (spec §4): read once per session and type, then kept for the session. A
 * failure is shown by the error policy after the last try; a failed type is asked again by the next reader.
 */
export const dictionaryQuery = (typeCode: DictionaryTypeCode) =>
  queryOptions({
    queryKey: [...readKeys.dictionaries, typeCode],
    queryFn: ({ signal }) => fetchDictionary(typeCode, { signal, silent: true }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
