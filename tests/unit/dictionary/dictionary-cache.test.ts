import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dictionaryLabel, useDictionary } from '@/api/dictionary';
import { setToken } from '@/lib/token';
import { loginManage } from '@/api/account';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';

const DICTIONARY = '/api/v1/Dictionary/PageDictionaryItem';

const PATH = '*/api/v1/Dictionary/PageDictionaryItem';

beforeEach(async () => {
  setToken((await loginManage({ accountName: 'admin', accountPwd: '123456' })).token);
});

describe('dictionary cache', () => {
  test('two readers of one type at once share one request; later readers are served from the cache', async () => {
    const sent = recordRequests();
    const first = renderHook(() => useDictionary('gender'));
    const second = renderHook(() => useDictionary('gender'));
    await waitFor(() => expect(first.result.current.loading).toBe(false));
    expect(first.result.current.items).toEqual([
      { label: '男', value: 1 },
      { label: '女', value: 2 },
    ]);
    await waitFor(() => expect(second.result.current.items).toBe(first.result.current.items));
    const later = renderHook(() => useDictionary('gender'));
    expect(later.result.current.items).toBe(first.result.current.items);
    await waitFor(() => expect(sent.count(DICTIONARY)).toBe(1));
    expect((await sent.bodies(DICTIONARY))[0]).toEqual({
      dictionaryTypeCode: 'gender',
      pageIndex: 1,
      pageSize: 1000,
    });

    const other = renderHook(() => useDictionary('relation'));
    await waitFor(() => expect(other.result.current.loading).toBe(false));
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
    const failed = renderHook(() => useDictionary('education'));
    await waitFor(() =>
      expect(failed.result.current.error).toMatchObject({ kind: 'business', message: '字典服务异常' }),
    );
    failed.unmount();
    const next = renderHook(() => useDictionary('education'));
    await waitFor(() => expect(next.result.current.items[0]).toEqual({ label: '文盲或半文盲', value: 1 }));
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
    const { result } = renderHook(() => useDictionary('report_result'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const items = result.current.items;
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

describe('useDictionary', () => {
  test('loads, then serves the cache at once; reload fetches again', async () => {
    const sent = recordRequests();
    const { result } = renderHook(() => useDictionary('message_type'));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items.map((item) => item.label)).toEqual(['报告通知', '系统通知', '采样提醒']);
    expect(result.current.error).toBeNull();

    const second = renderHook(() => useDictionary('message_type'));
    expect(second.result.current.loading).toBe(false);
    expect(second.result.current.items).toHaveLength(3);

    act(() => result.current.reload());
    await waitFor(() => expect(sent.count(DICTIONARY)).toBe(2));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items).toHaveLength(3);
  });

  test('exposes the error when the fetch fails', async () => {
    server.use(
      http.post(PATH, () =>
        HttpResponse.json({ statusCode: 500, responseMessage: '字典服务异常', responseData: null }),
      ),
    );
    const { result } = renderHook(() => useDictionary('nation'));
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.loading).toBe(false);
    expect(result.current.items).toEqual([]);
  });
});
