import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addRegistration } from '@/api/registration';
import { paths, withQuery } from '@/config/paths';
import { getToken } from '@/lib/token';
import { defaultDb } from '@/mocks/db';
import { makeIdCard } from '@/mocks/id-card-generator';
import { appUrl } from '@/lib/app-url';
import { server } from '../../msw-server';
import { stubLocation } from '../support/location-stub';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest, storeTestDraft, testDraftKey } from '../support/render-route';

// Sign-out ends in a full page load at /login; jsdom cannot load pages: the test
// reads the address the page was sent to (location.replace).
let location: ReturnType<typeof stubLocation>;
beforeEach(() => {
  location = stubLocation();
});
afterEach(() => vi.unstubAllGlobals());

const setupUser = () => userEvent.setup({ pointerEventsCheck: 0 });

/** admin's drafts on the demo backend, newest first (what 待提交登记 lists). */
function adminDraftNames(): string[] {
  const admin = defaultDb.state.users.find((user) => user.accountName === 'admin');
  return defaultDb.state.registrations
    .filter((record) => record.status === 'draft' && record.createdByUserId === admin?.id)
    .sort((a, b) => Date.parse(b.updatedAt ?? b.registeredAt) - Date.parse(a.updatedAt ?? a.registeredAt))
    .map((record) => record.name);
}

async function addDraft() {
  await signInForTest('work');
  const idCard = makeIdCard('110105', '1961-05-05', 9, '1');
  const added = await addRegistration({ name: '赵建华', idCard, phone: '' });
  return { id: added!, idCard };
}

async function openListWithDraft() {
  const draft = await addDraft();
  const view = renderRoute(paths.pendingRegistrations, { session: 'work' });
  const list = await screen.findByRole('list', { name: '待提交登记' });
  return { draft, list, ...view };
}

describe('/workUser 待提交登记', () => {
  it('is one line: how many, the newest name, opening the list', async () => {
    await addDraft();
    renderRoute(paths.workUser, { session: 'work' });
    const names = adminDraftNames();
    const line = await screen.findByRole('link', { name: new RegExp(`^待提交登记 ${names.length} 条`) });
    expect(line).toHaveTextContent('最新：赵建华');
    expect(line).toHaveAttribute('href', paths.pendingRegistrations);
    expect(screen.queryByRole('link', { name: /继续填写/ })).toBeNull();
    await setupUser().click(line);
    expect(await screen.findByRole('link', { name: '继续填写 赵建华 的登记' })).toBeInTheDocument();
  });

  it('says when it cannot be loaded, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', () => (fail ? HttpResponse.error() : undefined)),
    );
    await signInForTest('work');
    renderRoute(paths.workUser, { session: 'work' });
    const alert = await screen.findByText('待提交登记加载失败');
    fail = false;
    await setupUser().click(within(alert.parentElement!).getByRole('button', { name: /重试/ }));
    expect(
      await screen.findByRole('link', { name: new RegExp(`^待提交登记 ${adminDraftNames().length} 条`) }),
    ).toBeInTheDocument();
  });
});

describe('/pendingRegistrations', () => {
  it('lists this account’s unsubmitted registrations, newest first, with a masked ID card', async () => {
    const { list, draft } = await openListWithDraft();
    const names = adminDraftNames();
    expect(names[0]).toBe('赵建华');
    expect(screen.getByText(`共 ${names.length} 条`)).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(names);
    expect(items[0]).toHaveTextContent(`110105 ******** ${draft.idCard.slice(14)}`);
    expect(items[0]).not.toHaveTextContent(draft.idCard);
    expect(within(items[0]).getByRole('link', { name: '继续填写 赵建华 的登记' })).toHaveAttribute(
      'href',
      withQuery(paths.infoEnter, { draft: draft.id }),
    );
  });

  it('删除 asks, then leaves this phone’s list and removes the phone’s copy (Delete is a switch, off)', async () => {
    const requests = recordRequests();
    const { list, draft } = await openListWithDraft();
    localStorage.setItem(
      testDraftKey(),
      JSON.stringify({ savedAt: Date.now(), value: { name: '赵建华', registrationId: draft.id } }),
    );
    const user = setupUser();
    await user.click(within(list).getByRole('button', { name: '删除 赵建华 的登记' }));
    const dialog = await screen.findByRole('dialog', { name: '删除未提交的登记' });
    expect(dialog).toHaveTextContent('确定删除「赵建华」的登记吗？删除后本机的「待提交登记」不再显示它');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    expect(within(list).queryByText('赵建华')).toBeNull();
    expect(requests.count('/ScreeningRegister/Delete')).toBe(0);
    expect(defaultDb.state.registrations.some((record) => record.id === draft.id)).toBe(true);
    expect(localStorage.getItem(testDraftKey())).toBeNull();
  });

  it('取消 in the question deletes nothing', async () => {
    const requests = recordRequests();
    const { list } = await openListWithDraft();
    const user = setupUser();
    await user.click(within(list).getByRole('button', { name: '删除 赵建华 的登记' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.count('/ScreeningRegister/Delete')).toBe(0);
    expect(within(list).getByText('赵建华')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', () => (fail ? HttpResponse.error() : undefined)),
    );
    await signInForTest('work');
    renderRoute(paths.pendingRegistrations, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('后端接口连接异常');
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByRole('list', { name: '待提交登记' })).toBeInTheDocument();
  });
});

describe('/workUser 退出登录 with an unfinished registration', () => {
  function typedOnThisPhone() {
    storeTestDraft({ name: '孙立新', idCard: makeIdCard('110105', '1958-08-08', 3, '1'), phone: '138' });
  }

  it('保存到服务器后退出 saves it to 待提交登记 first, then signs out', async () => {
    await signInForTest('work');
    typedOnThisPhone();
    const requests = recordRequests();
    renderRoute(paths.workUser, { session: 'work' });
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await screen.findByRole('link', { name: /^待提交登记/ }); // the home's requests have answered
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog', { name: '退出登录' });
    expect(dialog).toHaveTextContent('1 项填写内容未提交');
    await user.click(within(dialog).getByRole('button', { name: '保存到服务器后退出' }));
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith(appUrl(paths.login)));
    // A phone number not valid yet is left out, not refused.
    expect(await requests.bodies('/ScreeningRegister/Add')).toEqual([
      expect.objectContaining({ name: '孙立新', phone: '' }),
    ]);
    expect(defaultDb.state.registrations.filter((record) => record.name === '孙立新')).toEqual([
      expect.objectContaining({ status: 'draft' }),
    ]);
    expect(getToken()).toBeNull();
  });

  it('when the save fails, nobody is signed out and nothing is removed', async () => {
    server.use(http.post('*/api/v1/ScreeningRegister/Add', () => HttpResponse.error()));
    await signInForTest('work');
    typedOnThisPhone();
    renderRoute(paths.workUser, { session: 'work' });
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await screen.findByRole('link', { name: /^待提交登记/ }); // the home's requests have answered
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '保存到服务器后退出' }),
    );
    expect(await screen.findByText('没有保存到服务器：后端接口连接异常')).toBeInTheDocument();
    expect(location.replace).not.toHaveBeenCalled();
    expect(getToken()).not.toBeNull();
    expect(localStorage.getItem(testDraftKey())).toContain('孙立新');
  });

  it('is not offered when the form holds nothing the server could keep', async () => {
    await signInForTest('work');
    storeTestDraft({ name: '孙立新', idCard: '1101' });
    renderRoute(paths.workUser, { session: 'work' });
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await screen.findByRole('link', { name: /^待提交登记/ }); // the home's requests have answered
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: '保存到服务器后退出' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: '放弃并退出' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
