import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getUserManageProfile, profileQuery } from '@/api/account';
import { lockStaffSession, logout, signOutCheckUser } from '@/features/auth/logout';
import {
  readReportCriteria,
  reportSearchDraftKey,
  writeReportCriteria,
} from '@/features/reports/report-criteria';
import { queryClient } from '@/lib/query-client';
import { checkSignedOut, getSessionAudience } from '@/lib/session';
import { persistedStorageKey, writePersisted } from '@/lib/use-persistent-state';
import { getToken, setToken } from '@/lib/token';
import { config } from '@/config/env';
import { stubLocation } from '../support/location-stub';
import { server } from '../../msw-server';
import { OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import { storedQueueEntry } from '../support/stored-queue-entry';
import { signInForTest, TEST_OWNERS, testDraftKey } from '../support/render-route';
import { recordRequests } from '../support/request-log';

describe('logout', () => {
  it('ends the session on the server and on the device', async () => {
    const log = recordRequests();
    const token = await signInForTest('work');
    await queryClient.fetchQuery(profileQuery());
    await logout();
    expect(log.count('/Account/LoginOut')).toBe(1);
    expect(getToken()).toBeNull();
    expect(getSessionAudience()).toBeNull();
    // No answer read for the account stays in memory.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toEqual([]);
    // The server forgot the token: using it again is a 401.
    setToken(token);
    await expect(getUserManageProfile({ silent: true })).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it.each([
    ['a dropped connection', () => HttpResponse.error()],
    ['an HTTP 500', () => new HttpResponse(null, { status: 500 })],
    [
      'a business failure',
      () => HttpResponse.json({ statusCode: 500, responseMessage: '服务异常', responseData: null }),
    ],
  ])('clears the local session even when LoginOut fails with %s', async (_label, reply) => {
    server.use(http.post('*/api/v1/Account/LoginOut', reply));
    await signInForTest('work');
    await expect(logout()).resolves.toBeUndefined();
    expect(getToken()).toBeNull();
    expect(getSessionAudience()).toBeNull();
  });

  it("removes the account's own work even when the server says the session had already expired", async () => {
    server.use(http.post('*/api/v1/Account/LoginOut', () => new HttpResponse(null, { status: 401 })));
    await signInForTest('work');
    const others = storedQueueEntry({
      id: 'q2',
      status: 'pending',
      owner: { audience: 'work', account: 'worker' },
    });
    localStorage.setItem(
      OFFLINE_QUEUE_KEY,
      JSON.stringify([storedQueueEntry({ id: 'q1', status: 'pending', owner: TEST_OWNERS.work }), others]),
    );
    localStorage.setItem(testDraftKey(), JSON.stringify({ savedAt: Date.now(), value: { name: '张三' } }));
    await logout();
    expect(JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '[]')).toEqual([others]);
    expect(localStorage.getItem(testDraftKey())).toBeNull();
  });

  it.each(['asked', 'idle'] as const)(
    'a check user’s sign-out (%s) removes their draft and session, then loads the WeChat re-entry',
    async (reason) => {
      const location = stubLocation();
      await signInForTest('check');
      localStorage.setItem(
        testDraftKey('check'),
        JSON.stringify({ savedAt: Date.now(), value: { name: '张三' } }),
      );
      await signOutCheckUser(reason);
      expect(getToken()).toBeNull();
      expect(localStorage.getItem(testDraftKey('check'))).toBeNull();
      expect(location.replace).toHaveBeenCalledWith(`${config.publicBase}callback?signedOut=${reason}`);
      // The next WeChat sign-in in this tab waits for a tap (lib/session.ts).
      expect(checkSignedOut()).toBe(reason);
    },
  );
});

describe('lockStaffSession (a staff session idle on a shared phone)', () => {
  it('forgets the report search (the ID number looked up) with the token, and keeps her registration draft', async () => {
    const location = stubLocation();
    await signInForTest('work');
    writeReportCriteria('work', { type: 'idCard', value: '110105196601010071' });
    writePersisted(reportSearchDraftKey('work'), { idCard: '11010519660101', tubeCode: '' });
    localStorage.setItem(testDraftKey(), JSON.stringify({ savedAt: Date.now(), value: { name: '张三' } }));
    lockStaffSession('/reportList');
    expect(getToken()).toBeNull();
    expect(readReportCriteria('work')).toBeNull();
    expect(localStorage.getItem(persistedStorageKey(reportSearchDraftKey('work')))).toBeNull();
    expect(localStorage.getItem(testDraftKey())).not.toBeNull();
    expect(location.replace).toHaveBeenCalledWith(
      `${config.publicBase}login?signedOut=idle&redirect=%2FreportList`,
    );
  });
});
