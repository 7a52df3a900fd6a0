import type { HttpHandler } from 'msw';
import { DICTIONARY_TYPE_CODES, type DictionaryTypeCode } from '@/types/api';
import type { DemoDb } from '../db';
import { endpoint, paginate, requiredString, type HandlerOptions } from './shared';

function isTypeCode(value: string): value is DictionaryTypeCode {
  return (DICTIONARY_TYPE_CODES as readonly string[]).includes(value);
}

export function dictionaryHandlers(db: DemoDb, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(db, options, 'post', '/api/v1/Dictionary/PageDictionaryItem', ({ input }) => {
      const typeCode = requiredString(input, 'dictionaryTypeCode', '缺少字典类型编码');
      const items = isTypeCode(typeCode) ? db.state.dictionaries[typeCode] : [];
      return paginate(items, input);
    }),
  ];
}

/** The text of a dictionary value, or undefined when the value is not in the dictionary. */
export function dictionaryText(db: DemoDb, typeCode: DictionaryTypeCode, value: string): string | undefined {
  const item = db.state.dictionaries[typeCode].find((candidate) => String(candidate.itemValue) === value);
  return item === undefined ? undefined : String(item.itemText);
}
