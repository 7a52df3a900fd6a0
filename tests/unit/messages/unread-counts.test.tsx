import { act, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useUnreadCounts } from '@/features/messages';
import { useMarkMessageRead } from '@/features/messages/unread-messages';
import { defaultDb } from '@/mocks/db';
import { ADMIN_USER_ID } from '@/mocks/seed';
import type { MessageType } from '@/types/api';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { signInForTest } from '../support/render-route';
import { renderQueryHook } from '../support/query-wrapper';

/** The counts, and marking a message read, as a page has them. */
const useCountsAndMarking = () => ({ ...useUnreadCounts(), markRead: useMarkMessageRead().mutateAsync });

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.

const PAGE = '*/api/v1/SystemMessage/PageRecipientMessage';
const READ = '*/api/v1/SystemMessage/ReadSystemMessage';

function unreadOf(type?: MessageType): number {
  return defaultDb.state.messages.filter(
    (message) =>
      message.recipientUserId === ADMIN_USER_ID && !message.read && (!type || message.type === type),
  ).length;
}

function firstUnread(type: MessageType) {
  const found = defaultDb.state.messages.find(
    (m) => m.recipientUserId === ADMIN_USER_ID && !m.read && m.type === type,
  );
  if (!found) throw new Error(`no unread ${type} message in the seed`);
  return found;
}

const adminMessages = () => defaultDb.state.messages.filter((m) => m.recipientUserId === ADMIN_USER_ID);

describe('useUnreadCounts', () => {
  it('counts the total and each type from one request', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const { result } = renderQueryHook(() => useUnreadCounts());
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.total).toBe(unreadOf());
    expect(result.current.byType).toEqual({
      report: unreadOf('report'),
      system: unreadOf('system'),
      reminder: unreadOf('reminder'),
    });
    expect(log.count('/SystemMessage/PageRecipientMessage')).toBe(1);
    expect(await log.bodies('/SystemMessage/PageRecipientMessage')).toEqual([
      expect.objectContaining({ read: false, pageIndex: 1 }),
    ]);
  });

  it('agrees with itself when the server sends neither type nor read flag (the minimal style)', async () => {
    await signInForTest('work');
    const unread = adminMessages().filter((m) => !m.read);
    const read = adminMessages().find((m) => m.read)!;
    server.use(
      http.post(PAGE, () =>
        HttpResponse.json({
          statusCode: 2000,
          responseMessage: '',
          responseData: { records: unread.map(({ id }) => ({ id })) },
        }),
      ),
    );
    const { result } = renderQueryHook(() => useUnreadCounts());
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.total).toBe(unread.length);
    // No count per type rather than a 0 beside the total.
    expect(result.current.byType).toEqual({});
    expect(result.current.isUnread({ id: unread[0].id, read: false })).toBe(true);
    // A message missing from the unread answer is read, whatever its own (absent) flag says.
    expect(result.current.isUnread({ id: read.id, read: false })).toBe(false);
  });

  it('shares one answer: markRead lowers every consumer at once, before the server answers', async () => {
    await signInForTest('work');
    const message = firstUnread('reminder');
    const total = unreadOf();
    const reminders = unreadOf('reminder');
    server.use(http.post(READ, async () => delay(300).then(() => undefined)));
    const home = renderQueryHook(useCountsAndMarking);
    const typesPage = renderQueryHook(() => useUnreadCounts());
    await waitFor(() => expect(home.result.current.total).toBe(total));
    await waitFor(() => expect(typesPage.result.current.total).toBe(total));

    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = home.result.current.markRead(message.id);
    });
    // The cache tells its components on a timer of its own; the server has not answered yet.
    await waitFor(() => expect(home.result.current.total).toBe(total - 1));
    expect(typesPage.result.current.byType.reminder).toBe(reminders - 1);
    expect(typesPage.result.current.isUnread({ id: message.id, read: false })).toBe(false);
    expect(defaultDb.state.messages.find((m) => m.id === message.id)?.read).toBe(false);
    await act(() => done);
    expect(defaultDb.state.messages.find((m) => m.id === message.id)?.read).toBe(true);
    await waitFor(() => expect(typesPage.result.current.total).toBe(total - 1));
  });

  it('puts the count back when marking fails, and rethrows', async () => {
    await signInForTest('work');
    const message = firstUnread('system');
    server.use(http.post(READ, () => HttpResponse.error()));
    const { result } = renderQueryHook(useCountsAndMarking);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const total = result.current.total;
    let failure: unknown;
    await act(async () => {
      await result.current.markRead(message.id).catch((error: unknown) => (failure = error));
    });
    expect(failure).toBeInstanceOf(Error);
    await waitFor(() => expect(result.current.total).toBe(total));
    expect(result.current.isUnread({ id: message.id, read: false })).toBe(true);
  });

  it("does not show the previous session's counts to a new session", async () => {
    await signInForTest('work');
    const first = renderQueryHook(() => useUnreadCounts());
    await waitFor(() => expect(first.result.current.total).toBe(unreadOf()));
    first.unmount();
    await signInForTest('check');
    const second = renderQueryHook(() => useUnreadCounts());
    expect(second.result.current.loaded).toBe(false);
    await waitFor(() => expect(second.result.current.loaded).toBe(true));
    const checkUnread = defaultDb.state.messages.filter(
      (m) => m.recipientUserId !== ADMIN_USER_ID && m.recipientUserId === '3' && !m.read,
    ).length;
    expect(second.result.current.total).toBe(checkUnread);
  });
});
