import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { getSessionAudience } from '@/lib/session';
import { getToken } from '@/lib/token';
import { defaultDb } from '@/mocks/db';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest } from '../support/render-route';
import { page } from './fixtures';

configure({ asyncUtilTimeout: 5000 });

// antd-mobile dialogs live in their own root outside the rendered tree: close them between tests.
afterEach(() => Dialog.clear());

/** antd-mobile animates dialogs in; do not refuse clicks during the animation. */
const setupUser = () => userEvent.setup({ pointerEventsCheck: 0 });

function unreadFor(userId: string): number {
  return defaultDb.state.messages.filter((message) => message.recipientUserId === userId && !message.read)
    .length;
}

function newestAnnouncementTitle(): string {
  return [...defaultDb.state.announcements].sort(
    (a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt),
  )[0].title;
}

async function openWorkHome() {
  await signInForTest('work');
  return renderRoute(paths.workUser, { session: 'work' });
}

describe('/workUser', () => {
  it('greets the user by name and offers every function', async () => {
    await openWorkHome();
    expect(await screen.findByText('您好，王医生')).toBeInTheDocument();
    expect(screen.getByText('徐汇区枫林街道社区卫生服务中心')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '功能' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      paths.infoEnter,
      paths.infoSearch,
      paths.searchType,
      paths.questionnaireList,
      paths.messageType,
      paths.announcement,
    ]);
  });

  it('shows the unread message count on the messages entry', async () => {
    const unread = unreadFor('u-admin');
    expect(unread).toBeGreaterThan(0);
    await openWorkHome();
    const nav = await screen.findByRole('navigation', { name: '功能' });
    expect(
      await within(nav).findByRole('link', { name: new RegExp(`消息\\s*${unread}\\s*条未读`) }),
    ).toHaveAttribute('href', paths.messageType);
    expect(screen.getByRole('link', { name: `您有 ${unread} 条未读消息` })).toBeInTheDocument();
  });

  it('shows no badge when everything is read', async () => {
    server.use(
      http.post('*/api/v1/SystemMessage/PageRecipientMessage', () =>
        HttpResponse.json({ statusCode: 2000, responseData: page([]) }),
      ),
    );
    await openWorkHome();
    await screen.findByText('您好，王医生');
    await waitFor(() => expect(screen.queryByText(/条未读/)).not.toBeInTheDocument());
  });

  it('shows the newest announcement and opens it', async () => {
    const title = newestAnnouncementTitle();
    const { router } = await openWorkHome();
    const section = await screen.findByRole('region', { name: '最新公告' });
    await setupUser().click(await within(section).findByText(title));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.announcementDetail));
    expect(router.state.location.search).toMatch(/^\?id=/);
  });

  it('says when there is no announcement', async () => {
    server.use(
      http.post('*/api/v1/Announcement/Page', () =>
        HttpResponse.json({ statusCode: 2000, responseData: page([]) }),
      ),
    );
    await openWorkHome();
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });

  it('shows a profile failure with a retry that works', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/Account/GetUserManageProfile', () =>
        fail
          ? HttpResponse.json({ statusCode: 500, responseMessage: '服务暂时不可用', responseData: null })
          : undefined,
      ),
    );
    await openWorkHome();
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('您好，王医生')).toBeInTheDocument();
  });

  it('logs out after confirmation and returns to /login', async () => {
    const log = recordRequests();
    const { router } = await openWorkHome();
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '退出' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(getToken()).toBeNull();
    expect(getSessionAudience()).toBeNull();
    expect(log.count('/Account/LoginOut')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the session when the user cancels the logout', async () => {
    const { router } = await openWorkHome();
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToken()).not.toBeNull();
    expect(router.state.location.pathname).toBe(paths.workUser);
  });

  it('logs out even when LoginOut fails', async () => {
    server.use(http.post('*/api/v1/Account/LoginOut', () => HttpResponse.error()));
    const { router } = await openWorkHome();
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退出' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(getToken()).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
