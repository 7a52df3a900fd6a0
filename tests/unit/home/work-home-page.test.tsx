import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_LOCAL_KEYS, OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import { paths } from '@/config/paths';
import { getSessionAudience } from '@/lib/session';
import { getToken } from '@/lib/token';
import { defaultDb } from '@/mocks/db';
import { appUrl } from '@/lib/app-url';
import { server } from '../../msw-server';
import { stubLocation } from '../support/location-stub';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest } from '../support/render-route';
import { resetQueue } from '../offline-queue/helpers';
import { page } from './fixtures';

// Sign-out ends in a full page load at /login; jsdom cannot load pages: the test
// reads the address the page was sent to (location.replace).
let location: ReturnType<typeof stubLocation>;
beforeEach(() => {
  location = stubLocation();
});
afterEach(() => vi.unstubAllGlobals());

/** antd-mobile animates dialogs in; do not refuse clicks during the animation. */
const setupUser = () => userEvent.setup({ pointerEventsCheck: 0 });

function unreadFor(userId: string): number {
  return defaultDb.state.messages.filter((message) => message.recipientUserId === userId && !message.read)
    .length;
}

function newestAnnouncementTitle(): string {
  return [...defaultDb.state.announcements].sort(
    // The seed gives every announcement its date (the type lets a real server leave it out).
    (a, b) => Date.parse(b.publishedAt ?? '') - Date.parse(a.publishedAt ?? ''),
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
    const unread = unreadFor('1');
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
    await openWorkHome();
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '退出' }));
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith(appUrl(paths.login)));
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
    await openWorkHome();
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退出' }));
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith(appUrl(paths.login)));
    expect(getToken()).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("before signing out, names the account's unsent work; 放弃并退出 removes it, other accounts' work stays", async () => {
    const { router } = await openWorkHome();
    const draft = (name: string) =>
      JSON.stringify({ savedAt: Date.now(), value: { name, idCard: '110105199001010079' } });
    const queued = (id: string, owner?: { audience: 'work'; account: string }) => ({
      id,
      ...(owner ? { owner } : {}),
      createdAt: '2026-11-25T08:00:00+08:00',
      registrationInput: { name: '李四', idCard: '110105195601010013' },
      tubeCode: `CT20261000${id}`,
      collectedAt: '2026-11-25T08:00:00+08:00',
      status: 'failed',
      attempts: 1,
    });
    localStorage.setItem('draft:registration:work:admin', draft('张三'));
    localStorage.setItem('draft:registration:work:worker', draft('王五'));
    localStorage.setItem('draft:registration:work', draft('赵六'));
    const workers = queued('92', { audience: 'work', account: 'worker' });
    const ownerless = queued('93');
    localStorage.setItem(
      OFFLINE_QUEUE_KEY,
      JSON.stringify([queued('91', { audience: 'work', account: 'admin' }), workers, ownerless]),
    );
    localStorage.setItem(KEPT_LOCAL_KEYS.optionalFieldsOpen, '1');
    resetQueue(); // the queue store reads what another tab wrote
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      '本机还有1 条登记未上传，1 项填写内容未提交。退出后，这些内容会从本机删除',
    );
    expect(within(dialog).getByRole('button', { name: '立即上传' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '放弃并退出' }));
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith(appUrl(paths.login)));
    expect(Object.keys(localStorage).sort()).toEqual(
      [
        KEPT_LOCAL_KEYS.optionalFieldsOpen,
        OFFLINE_QUEUE_KEY,
        'draft:registration:work:worker',
        'draft:registration:work',
      ].sort(),
    );
    expect(JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '')).toEqual([workers, ownerless]);
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe(paths.workUser); // the reload takes it to /login
  });
});
