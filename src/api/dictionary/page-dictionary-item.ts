import { request } from '@/lib/http';
import {
  dictionaryPageSchema,
  type CallOptions,
  type DictionaryItemRaw,
  type Page,
  type PageDictionaryItemPayload,
} from '@/types/api';

const pageDictionaryItemUrl = '/api/v1/Dictionary/PageDictionaryItem';

/**
 * 字典分页 POST /api/v1/Dictionary/PageDictionaryItem
 * The spec shows "/PageDictionaryItem" only: the /api/v1/Dictionary prefix is our assumption.
 */
export function pageDictionaryItem(
  payload: PageDictionaryItemPayload,
  options?: CallOptions,
): Promise<Page<DictionaryItemRaw>> {
  return request({
    schema: dictionaryPageSchema,
    url: pageDictionaryItemUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
