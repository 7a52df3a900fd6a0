import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { defaultDb } from '@/mocks/db';
import { queryClient } from '@/lib/query-client';
import { ADMIN_USER_ID } from '@/mocks/seed';
import type { MessageType } from '@/types/api';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest } from '../support/render-route';

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.

const PAGE = '*/api/v1/SystemMessage/PageRecipientMessage';
const DETAIL = '*/api/v1/SystemMessage/GetDetail';

function unreadOf(type?: MessageType): number {
  return defaultDb.state.messages.filter(
    (message) =>
      message.recipientUserId === ADMIN_USER_ID && !message.read && (!type || message.type === type),
  ).length;
}

function adminMessage(title: string) {
  const found = defaultDb.state.messages.find(
    (message) => message.recipientUserId === ADMIN_USER_ID && message.title === title,
  );
  if (!found) throw new Error(`no seeded message "${title}"`);
  return found;
}

/** The row link of a type on /messageType (its name includes the unread count, if any). */
function typeRow(label: string) {
  return within(screen.getByRole('navigation', { name: '消息类型' })).getByRole('link', {
    name: new RegExp(`^${label}`),
  });
}

describe('/messageType', () => {
  it('lists the message types with their unread counts and the total', async () => {
    await signInForTest('work');
    renderRoute(paths.messageType, { session: 'work' });
    expect(await screen.findByText(`共 ${unreadOf()} 条未读消息`)).toBeInTheDocument();
    expect(unreadOf('system')).toBeGreaterThan(0);
    expect(typeRow('系统通知')).toHaveAccessibleName(`系统通知，${unreadOf('system')}条未读`);
    expect(typeRow('采样提醒')).toHaveAccessibleName(`采样提醒，${unreadOf('reminder')}条未读`);
    expect(typeRow('全部消息')).toHaveAccessibleName(`全部消息，${unreadOf()}条未读`);
    expect(typeRow('系统通知')).toHaveAttribute('href', withQuery(paths.messageList, { type: 'system' }));
  });

  it('shows the error with 重试 when the counts cannot load, and 重试 loads them', async () => {
    await signInForTest('work');
    server.use(http.post(PAGE, () => HttpResponse.error()));
    renderRoute(paths.messageType, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('后端接口连接异常');
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText(`共 ${unreadOf()} 条未读消息`)).toBeInTheDocument();
  });
});

describe('/messageList', () => {
  it('lists the messages of a type newest first, unread ones marked, with how long ago they were sent', async () => {
    await signInForTest('work');
    renderRoute(withQuery(paths.messageList, { type: 'system' }), { session: 'work' });
    const list = await screen.findByRole('list', { name: '系统通知' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveTextContent('系统维护通知');
    expect(links[0]).toHaveTextContent('未读');
    expect(links[0]).toHaveTextContent('5小时前');
    expect(links[1]).toHaveTextContent('账号安全提醒');
    expect(links[1]).not.toHaveTextContent('未读');
    expect(links[1]).toHaveTextContent('9天前');
    expect(screen.getByText(`系统通知，${unreadOf('system')} 条未读`)).toBeInTheDocument();
  });

  it('says so when a type has no messages', async () => {
    await signInForTest('work');
    server.use(
      http.post(PAGE, () =>
        HttpResponse.json({
          statusCode: 2000,
          responseData: { records: [], total: 0, pageIndex: 1, pageSize: 10 },
        }),
      ),
    );
    renderRoute(withQuery(paths.messageList, { type: 'report' }), { session: 'work' });
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });

  it('shows the error with 重试, and 重试 loads the list', async () => {
    await signInForTest('work');
    server.use(
      http.post(PAGE, () =>
        HttpResponse.json({ statusCode: 500, responseMessage: '消息服务暂不可用', responseData: null }),
      ),
    );
    renderRoute(paths.messageList, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('消息服务暂不可用');
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    const list = await screen.findByRole('list', { name: '全部消息' });
    expect(within(list).getAllByRole('link')).toHaveLength(
      Math.min(10, defaultDb.state.messages.filter((m) => m.recipientUserId === ADMIN_USER_ID).length),
    );
  });
});

describe('/messageDetail', () => {
  it('shows a loading state, then the HTML content sanitised, and marks the message read', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const message = adminMessage('系统维护通知');
    server.use(http.get(DETAIL, async () => delay(100).then(() => undefined)));
    renderRoute(withQuery(paths.messageDetail, { id: message.id }), { session: 'work' });
    expect(await screen.findByRole('status')).toHaveTextContent('加载中');
    expect(await screen.findByRole('heading', { name: '系统维护通知' })).toBeInTheDocument();
    expect(screen.getByText('本周六 22:00 至次日 02:00').tagName).toBe('STRONG');
    await waitFor(async () =>
      expect((await log.to('/SystemMessage/ReadSystemMessage')).map((r) => r.body)).toEqual([
        { id: message.id },
      ]),
    );
    expect(adminMessage('系统维护通知').read).toBe(true);
  });

  it('marks a message once however often it is opened', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const message = adminMessage('系统维护通知');
    const detail = withQuery(paths.messageDetail, { id: message.id });
    const { router } = renderRoute(detail, { session: 'work' });
    expect(await screen.findByRole('heading', { name: '系统维护通知' })).toBeInTheDocument();
    await waitFor(() => expect(adminMessage('系统维护通知').read).toBe(true));
    await act(() => router.navigate(paths.messageList));
    expect(await screen.findByRole('list', { name: '全部消息' })).toBeInTheDocument();
    await act(() => router.navigate(detail));
    expect(await screen.findByRole('heading', { name: '系统维护通知' })).toBeInTheDocument();
    // Opened again, the page starts no second marking (it would be under way now).
    expect(queryClient.isMutating()).toBe(0);
    expect(log.count('/SystemMessage/ReadSystemMessage')).toBe(1);
  });

  it('does not mark a message that is already read', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const message = adminMessage('账号安全提醒');
    renderRoute(withQuery(paths.messageDetail, { id: message.id }), { session: 'work' });
    expect(await screen.findByText(message.content)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.count('/SystemMessage/ReadSystemMessage')).toBe(0);
  });

  it('says why the message could not be marked read, keeps it on screen, and retries on request', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const message = adminMessage('系统维护通知');
    let failures = 1;
    server.use(
      http.post('*/api/v1/SystemMessage/ReadSystemMessage', () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.error();
      }),
    );
    renderRoute(withQuery(paths.messageDetail, { id: message.id }), { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('未能标记为已读：后端接口连接异常');
    expect(screen.getByRole('heading', { name: '系统维护通知' })).toBeInTheDocument();
    expect(adminMessage('系统维护通知').read).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '重新标记为已读' }));
    await waitFor(() => expect(adminMessage('系统维护通知').read).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(log.count('/SystemMessage/ReadSystemMessage')).toBe(2);
  });

  it('shows the error with 重试 for a message that cannot load', async () => {
    await signInForTest('work');
    renderRoute(withQuery(paths.messageDetail, { id: 'msg-missing' }), { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('消息不存在或已删除');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('lowers the unread counts on the list and the types page without a reload', async () => {
    await signInForTest('work');
    const user = userEvent.setup();
    const before = unreadOf('system');
    const { router } = renderRoute(paths.messageType, { session: 'work' });
    await screen.findByText(`共 ${unreadOf()} 条未读消息`);
    const total = unreadOf();
    await user.click(typeRow('系统通知'));
    const list = await screen.findByRole('list', { name: '系统通知' });
    await user.click(within(list).getByRole('link', { name: /系统维护通知/ }));
    expect(await screen.findByRole('heading', { name: '系统维护通知' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    const listAgain = await screen.findByRole('list', { name: '系统通知' });
    await waitFor(() =>
      expect(within(listAgain).getByRole('link', { name: /系统维护通知/ })).not.toHaveTextContent('未读'),
    );
    expect(
      screen.getByText(before - 1 > 0 ? `系统通知，${before - 1} 条未读` : '系统通知，没有未读'),
    ).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByText(`共 ${total - 1} 条未读消息`)).toBeInTheDocument();
    if (before - 1 > 0) expect(typeRow('系统通知')).toHaveAccessibleName(`系统通知，${before - 1}条未读`);
    else expect(typeRow('系统通知')).toHaveAccessibleName('系统通知');
  });
});
