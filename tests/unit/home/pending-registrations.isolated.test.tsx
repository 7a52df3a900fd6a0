import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addRegistration, getRegistrationDetail } from '@/api/registration';
import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { hiddenServerDrafts } from '@/features/registration/hidden-server-drafts';
import { EMPTY_REGISTRATION_DRAFT } from '@/features/registration/registration-draft';
import { reloadApp } from '@/lib/device-data';
import { getToken } from '@/lib/token';
import { defaultDb } from '@/mocks/db';
import { makeIdCard } from '@/mocks/id-card-generator';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest, testDraftKey } from '../support/render-route';

// Sign-out ends in a full page load at /login; jsdom cannot load pages.
vi.mock('@/lib/device-data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/device-data')>()),
  reloadApp: vi.fn(),
}));

afterEach(() => vi.mocked(reloadApp).mockClear());

const setupUser = () => userEvent.setup({ pointerEventsCheck: 0 });

/** admin's drafts on the demo backend, newest first (what 待提交登记 lists). */
function adminDraftNames(): string[] {
  const admin = defaultDb.state.users.find((user) => user.accountName === 'admin');
  return defaultDb.state.registrations
    .filter((record) => record.status === 'draft' && record.createdByUserId === admin?.id)
    .sort((a, b) => Date.parse(b.updatedAt ?? b.registeredAt) - Date.parse(a.updatedAt ?? a.registeredAt))
    .map((record) => record.name);
}

async function openHomeWithDraft() {
  await signInForTest('work');
  const id = await addRegistration({
    name: '赵建华',
    idCard: makeIdCard('110105', '1961-05-05', 9, '1'),
    phone: '',
  });
  if (!id) throw new Error('the save answered no id');
  const draft = await getRegistrationDetail({ id });
  const view = renderRoute(paths.workUser, { session: 'work' });
  const card = await screen.findByRole('region', { name: /待提交登记/ });
  return { draft, card, ...view };
}

describe('/workUser 待提交登记', () => {
  it('lists this account’s unsubmitted registrations, newest first, with a masked ID card', async () => {
    const { card, draft } = await openHomeWithDraft();
    const names = adminDraftNames();
    expect(names[0]).toBe('赵建华');
    expect(within(card).getByRole('heading')).toHaveTextContent(`待提交登记 ${names.length} 条`);
    const items = within(within(card).getByRole('list', { name: '待提交登记' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(names);
    expect(items[0]).toHaveTextContent(`110105********${draft.idCard.slice(14)}`);
    expect(items[0]).not.toHaveTextContent(draft.idCard);
    expect(within(items[0]).getByRole('link', { name: '继续填写 赵建华 的登记' })).toHaveAttribute(
      'href',
      withQuery(paths.infoEnter, { draft: draft.id }),
    );
  });

  /** Opens the home with a draft that this phone also holds a copy of, and confirms 删除 in the question with `question`. */
  async function deleteDraft(question: string) {
    const requests = recordRequests();
    const opened = await openHomeWithDraft();
    const { card, draft } = opened;
    localStorage.setItem(
      testDraftKey(),
      JSON.stringify({ savedAt: Date.now(), value: { name: '赵建华', registrationId: draft.id } }),
    );
    const user = setupUser();
    await user.click(within(card).getByRole('button', { name: '删除 赵建华 的登记' }));
    const dialog = await screen.findByRole('dialog', { name: '删除未提交的登记' });
    expect(dialog).toHaveTextContent(question);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    expect(within(card).queryByText('赵建华')).toBeNull();
    expect(localStorage.getItem(testDraftKey())).toBeNull();
    return { requests, ...opened };
  }

  it('删除 by default (no Delete call) asks, hides the draft on this phone and removes the phone’s copy of it', async () => {
    expect(config.assumptions.deleteServerDrafts).toBe(false);
    const { requests, draft, unmount } = await deleteDraft(
      '确定删除「赵建华」的登记吗？删除后本机的「待提交登记」不再显示它',
    );
    expect(requests.count('/ScreeningRegister/Delete')).toBe(0);
    // The record stays on the server; this phone no longer lists it, after a reload too.
    expect(defaultDb.state.registrations.some((record) => record.id === draft.id)).toBe(true);
    expect(hiddenServerDrafts().has(draft.id)).toBe(true);
    unmount();
    renderRoute(paths.workUser, { session: 'work' });
    const others = adminDraftNames().filter((name) => name !== '赵建华');
    expect(others.length).toBeGreaterThan(0);
    const card = await screen.findByRole('region', { name: `待提交登记 ${others.length} 条` });
    expect(within(card).queryByText('赵建华')).toBeNull();
  });

  it('删除 with the switch on (deleteServerDrafts) asks, deletes on the server, removes the item and the phone’s copy of it', async () => {
    config.assumptions.deleteServerDrafts = true;
    try {
      const { requests, draft } = await deleteDraft('确定删除「赵建华」的登记吗？删除后不能恢复');
      expect(await requests.bodies('/ScreeningRegister/Delete')).toEqual([{ id: draft.id }]);
      expect(defaultDb.state.registrations.some((record) => record.id === draft.id)).toBe(false);
    } finally {
      config.assumptions.deleteServerDrafts = false;
    }
  });

  it('取消 in the question deletes nothing', async () => {
    const requests = recordRequests();
    const { card } = await openHomeWithDraft();
    const user = setupUser();
    await user.click(within(card).getByRole('button', { name: '删除 赵建华 的登记' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.count('/ScreeningRegister/Delete')).toBe(0);
    expect(within(card).getByText('赵建华')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', () => (fail ? HttpResponse.error() : undefined)),
    );
    await signInForTest('work');
    renderRoute(paths.workUser, { session: 'work' });
    const card = await screen.findByRole('region', { name: '待提交登记' });
    expect(within(card).getByText('待提交登记加载失败')).toBeInTheDocument();
    fail = false;
    await setupUser().click(within(card).getByRole('button', { name: /重试/ }));
    expect(
      await screen.findByRole('heading', { name: `待提交登记 ${adminDraftNames().length} 条` }),
    ).toBeInTheDocument();
  });
});

describe('/workUser 退出登录 with an unfinished registration', () => {
  function typedOnThisPhone() {
    localStorage.setItem(
      testDraftKey(),
      JSON.stringify({
        savedAt: Date.now(),
        value: {
          ...EMPTY_REGISTRATION_DRAFT,
          name: '孙立新',
          idCard: makeIdCard('110105', '1958-08-08', 3, '1'),
          phone: '138',
        },
      }),
    );
  }

  it('保存到服务器后退出 saves it to 待提交登记 first, then signs out', async () => {
    await signInForTest('work');
    typedOnThisPhone();
    const requests = recordRequests();
    renderRoute(paths.workUser, { session: 'work' });
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await screen.findByRole('region', { name: /待提交登记/ }); // the home's requests have answered
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog', { name: '退出登录' });
    expect(dialog).toHaveTextContent('1 项填写内容未提交');
    await user.click(within(dialog).getByRole('button', { name: '保存到服务器后退出' }));
    await waitFor(() => expect(reloadApp).toHaveBeenCalledWith(paths.login));
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
    await screen.findByRole('region', { name: /待提交登记/ }); // the home's requests have answered
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '保存到服务器后退出' }),
    );
    expect(await screen.findByText('没有保存到服务器：后端接口连接异常')).toBeInTheDocument();
    expect(reloadApp).not.toHaveBeenCalled();
    expect(getToken()).not.toBeNull();
    expect(localStorage.getItem(testDraftKey())).toContain('孙立新');
  });

  it('is not offered when the form holds nothing the server could keep', async () => {
    await signInForTest('work');
    localStorage.setItem(
      testDraftKey(),
      JSON.stringify({
        savedAt: Date.now(),
        value: { ...EMPTY_REGISTRATION_DRAFT, name: '孙立新', idCard: '1101' },
      }),
    );
    renderRoute(paths.workUser, { session: 'work' });
    const user = setupUser();
    await screen.findByText('您好，王医生');
    await screen.findByRole('region', { name: /待提交登记/ }); // the home's requests have answered
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: '保存到服务器后退出' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: '放弃并退出' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
