import { act, configure, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { markRead, useUnreadCounts } from '@/features/messages';
import { resetUnreadStore } from '@/features/messages/unread-store';
import { defaultDb } from '@/mocks/db';
import { ADMIN_USER_ID } from '@/mocks/seed';
import type { MessageType } from '@/types/api';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { signInForTest } from '../support/render-route';

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

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

beforeEach(() => resetUnreadStore());

describe('useUnreadCounts', () => {
  it('loads the total and the count of each type', async () => {
    await signInForTest('work');
    const { result } = renderHook(() => useUnreadCounts());
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.total).toBe(unreadOf());
    expect(result.current.byType).toEqual({
      report: unreadOf('report'),
      system: unreadOf('system'),
      reminder: unreadOf('reminder'),
    });
    expect(result.current.loading).toBe(false);
  });

  it('shares one store: markRead lowers every consumer at once, before the server answers', async () => {
    await signInForTest('work');
    const message = firstUnread('reminder');
    const total = unreadOf();
    const reminders = unreadOf('reminder');
    server.use(http.post(READ, async () => delay(300).then(() => undefined)));
    const home = renderHook(() => useUnreadCounts());
    const typesPage = renderHook(() => useUnreadCounts());
    await waitFor(() => expect(home.result.current.total).toBe(total));

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = markRead(message.id, 'reminder');
    });
    expect(home.result.current.total).toBe(total - 1);
    expect(typesPage.result.current.byType.reminder).toBe(reminders - 1);
    expect(typesPage.result.current.readIds.has(message.id)).toBe(true);
    expect(defaultDb.state.messages.find((m) => m.id === message.id)?.read).toBe(false);
    await act(() => done);
    expect(defaultDb.state.messages.find((m) => m.id === message.id)?.read).toBe(true);
    await waitFor(() => expect(home.result.current.total).toBe(total - 1));
  });

  it('marks a message once however often it is opened', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const message = firstUnread('system');
    const { result } = renderHook(() => useUnreadCounts());
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const total = result.current.total;
    await act(() => markRead(message.id, 'system'));
    await act(() => markRead(message.id, 'system'));
    expect(log.count('/SystemMessage/ReadSystemMessage')).toBe(1);
    await waitFor(() => expect(result.current.total).toBe(total - 1));
  });

  it('puts the count back when marking fails, and rethrows', async () => {
    await signInForTest('work');
    const message = firstUnread('system');
    server.use(http.post(READ, () => HttpResponse.error()));
    const { result } = renderHook(() => useUnreadCounts());
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const total = result.current.total;
    let failure: unknown;
    await act(async () => {
      await markRead(message.id, 'system').catch((error: unknown) => (failure = error));
    });
    expect(failure).toBeInstanceOf(Error);
    await waitFor(() => expect(result.current.total).toBe(total));
    expect(result.current.readIds.has(message.id)).toBe(false);
  });

  it("does not show the previous session's counts to a new session", async () => {
    await signInForTest('work');
    const first = renderHook(() => useUnreadCounts());
    await waitFor(() => expect(first.result.current.total).toBe(unreadOf()));
    first.unmount();
    await signInForTest('check');
    const second = renderHook(() => useUnreadCounts());
    await waitFor(() => expect(second.result.current.loaded).toBe(true));
    const checkUnread = defaultDb.state.messages.filter(
      (m) => m.recipientUserId !== ADMIN_USER_ID && m.recipientUserId === '3' && !m.read,
    ).length;
    expect(second.result.current.total).toBe(checkUnread);
  });
});
