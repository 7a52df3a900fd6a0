import { config } from '@/config/env';
import { request } from '@/lib/http';
import {
  dictionaryPageSchema,
  type CallOptions,
  type DictionaryItemRaw,
  type Page,
  type PageDictionaryItemPayload,
} from '@/types/api';

/**
 * 字典分页 POST /api/v1/Dictionary/PageDictionaryItem
 * The spec shows "/PageDictionaryItem" only: the full path is a switch (config/assumptions.ts).
 */
export function pageDictionaryItem(
  payload: PageDictionaryItemPayload,
  options?: CallOptions,
): Promise<Page<DictionaryItemRaw>> {
  return request({
    schema: dictionaryPageSchema,
    url: config.assumptions.dictionaryPath,
    method: 'post',
    data: payload,
    ...options,
  });
}
