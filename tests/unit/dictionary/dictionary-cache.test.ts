import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dictionaryLabel, dictionaryQuery } from '@/api/dictionary';
import type { DictionaryTypeCode } from '@/types/api';
import { setToken } from '@/lib/token';
import { loginManage } from '@/api/account';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { renderQueryHook } from '../support/query-wrapper';

/** A dictionary as a form reads it. */
const readDictionary = (typeCode: DictionaryTypeCode) =>
  renderQueryHook(() => useQuery(dictionaryQuery(typeCode)));

const DICTIONARY = '/api/v1/Dictionary/PageDictionaryItem';

const PATH = '*/api/v1/Dictionary/PageDictionaryItem';

beforeEach(async () => {
  setToken((await loginManage({ accountName: 'admin', accountPwd: '123456' })).token);
});

describe('dictionary cache', () => {
  test('two readers of one type at once share one request; later readers are served from the cache', async () => {
    const sent = recordRequests();
    const first = readDictionary('gender');
    const second = readDictionary('gender');
    await waitFor(() => expect(first.result.current.isPending).toBe(false));
    expect(first.result.current.data).toEqual([
      { label: '男', value: 1 },
      { label: '女', value: 2 },
    ]);
    await waitFor(() => expect(second.result.current.data).toBe(first.result.current.data));
    const later = readDictionary('gender');
    expect(later.result.current.data).toBe(first.result.current.data);
    await waitFor(() => expect(sent.count(DICTIONARY)).toBe(1));
    expect((await sent.bodies(DICTIONARY))[0]).toEqual({
      dictionaryTypeCode: 'gender',
      pageIndex: 1,
      pageSize: 1000,
    });

    const other = readDictionary('relation');
    await waitFor(() => expect(other.result.current.isPending).toBe(false));
    expect(sent.count(DICTIONARY)).toBe(2);
  });

  test('a failed fetch is not kept: the next reader asks again', async () => {
    server.use(
      http.post(
        PATH,
        () => HttpResponse.json({ statusCode: 500, responseMessage: '字典服务异常', responseData: null }),
        {
          once: true,
        },
      ),
    );
    const sent = recordRequests();
    const failed = readDictionary('education');
    await waitFor(() =>
      expect(failed.result.current.error).toMatchObject({ kind: 'business', message: '字典服务异常' }),
    );
    failed.unmount();
    const next = readDictionary('education');
    await waitFor(() => expect(next.result.current.data?.[0]).toEqual({ label: '文盲或半文盲', value: 1 }));
    expect(sent.count(DICTIONARY)).toBe(2);
  });

  test('maps itemText, itemValue (numeric to number) and customAttribute', async () => {
    server.use(
      http.post(PATH, () =>
        HttpResponse.json({
          statusCode: 2000,
          responseMessage: 'ok',
          responseData: {
            records: [
              { itemText: '阳性', itemValue: 'positive', customAttribute: 'danger' },
              { itemText: '三', itemValue: ' 3 ', customAttribute: null },
              { itemText: '小数', itemValue: '1.5' },
              { itemText: '空', itemValue: '', customAttribute: '' },
            ],
            total: 4,
            pageIndex: 1,
            pageSize: 1000,
          },
        }),
      ),
    );
    const { result } = readDictionary('report_result');
    await waitFor(() => expect(result.current.isPending).toBe(false));
    const items = result.current.data!;
    expect(items).toEqual([
      { label: '阳性', value: 'positive', tagType: 'danger' },
      { label: '三', value: 3 },
      { label: '小数', value: 1.5 },
      { label: '空', value: '' },
    ]);
    expect(dictionaryLabel(items, '3')).toBe('三');
    expect(dictionaryLabel(items, 'missing')).toBe('');
  });
});

describe('dictionaryQuery', () => {
  test('loads, then serves the cache at once; reload fetches again', async () => {
    const sent = recordRequests();
    const { result } = readDictionary('message_type');
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data?.map((item) => item.label)).toEqual(['报告通知', '系统通知', '采样提醒']);
    expect(result.current.error).toBeNull();

    const second = readDictionary('message_type');
    expect(second.result.current.isPending).toBe(false);
    expect(second.result.current.data).toHaveLength(3);

    act(() => void result.current.refetch());
    await waitFor(() => expect(sent.count(DICTIONARY)).toBe(2));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data).toHaveLength(3);
  });

  test('exposes the error when the fetch fails', async () => {
    server.use(
      http.post(PATH, () =>
        HttpResponse.json({ statusCode: 500, responseMessage: '字典服务异常', responseData: null }),
      ),
    );
    const { result } = readDictionary('nation');
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.isFetching).toBe(false);
    expect(result.current.data).toBeUndefined();
  });
});
