import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import { storedQueueEntry } from '../support/stored-queue-entry';
import { claimDeviceData } from '@/lib/device-data';
import { paths, withQuery } from '@/config/paths';
import { getSessionAudience, getSessionOwner } from '@/lib/session';
import { REPEAT_SUBMIT_MESSAGE } from '@/lib/http/messages';
import { getToken } from '@/lib/token';
import { appUrl } from '@/lib/app-url';
import { server } from '../../msw-server';
import { stubLocation } from '../support/location-stub';
import { renderRoute, signInForTest } from '../support/render-route';
import { holdRequests } from '../support/held-request';
import { recordRequests } from '../support/request-log';
import { tapTwiceInOneFrame, watchForText } from '../support/taps';

const LOGIN = '/Account/LoginManage';
/** The first visit to a route compiles its lazy page module: allow for it. */

// Signing in after another account ends in a full page load; jsdom cannot load pages: the test
// reads the address the page was sent to (location.replace).
let location: ReturnType<typeof stubLocation>;
beforeEach(() => {
  location = stubLocation();
});
afterEach(() => vi.unstubAllGlobals());

const WORKER = { audience: 'work', account: 'worker' } as const;
const WORKER_DRAFT_KEY = 'draft:registration:work:worker';
const draft = (name: string) => JSON.stringify({ savedAt: Date.now(), value: { name } });

/**
 * What 李护士 (account worker) left on the phone: a typed registration, a binding never sent, and a
 * download record of her session.
 */
function leftByWorker() {
  claimDeviceData(WORKER);
  localStorage.setItem(WORKER_DRAFT_KEY, draft('张三'));
  localStorage.setItem(
    OFFLINE_QUEUE_KEY,
    JSON.stringify([storedQueueEntry({ id: 'q1', status: 'pending', owner: WORKER })]),
  );
  localStorage.setItem('draft:bind:work:r-1', draft('CT2026000001'));
}

/** Left before the app recorded owners: a queued registration and a typed form nobody can claim. */
function leftBeforeOwners() {
  localStorage.setItem(
    OFFLINE_QUEUE_KEY,
    JSON.stringify([
      storedQueueEntry({ id: 'q1', status: 'pending', owner: WORKER }),
      storedQueueEntry({ id: 'q0', status: 'failed' }),
    ]),
  );
  localStorage.setItem('draft:registration:work', draft('赵四'));
}

const queuedIds = () =>
  (JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '[]') as { id: string }[]).map((entry) => entry.id);

const slowUserProfile = () =>
  HttpResponse.json({
    statusCode: 2000,
    responseData: { id: 'u', name: '慢速用户', role: 'work', institutionName: '' },
  });

async function fillAndSubmit(accountName: string, password: string) {
  const user = userEvent.setup();
  const account = await screen.findByLabelText('账号');
  await user.clear(account);
  if (accountName) await user.type(account, accountName);
  if (password) await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: '登录' }));
  return user;
}

describe('/login', () => {
  it('asks for the account and the password before sending anything', async () => {
    const log = recordRequests();
    renderRoute(paths.login);
    await fillAndSubmit('', '');
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    // Each message is announced and read with its field; the first field with a problem has focus.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining(['请输入账号', '请输入密码']),
    );
    expect(screen.getByLabelText('账号')).toHaveAccessibleDescription('请输入账号');
    expect(screen.getByLabelText('密码')).toHaveAccessibleDescription('请输入密码');
    expect(screen.getByLabelText('账号')).toHaveFocus();
    expect(log.count(LOGIN)).toBe(0);
  });

  it('rejects an account name of spaces only', async () => {
    renderRoute(paths.login);
    await fillAndSubmit('   ', '123456');
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
  });

  it('shows and hides the password with the eye button', async () => {
    const user = userEvent.setup();
    renderRoute(paths.login);
    const password = await screen.findByLabelText('密码');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('two taps on 登录 within one frame send one login', async () => {
    const log = recordRequests();
    server.use(http.post(`*/api/v1${LOGIN}`, () => delay(300).then(() => undefined)));
    const { router } = renderRoute(paths.login);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), '123456');
    const submit = screen.getByRole('button', { name: '登录' });
    const refused = watchForText(REPEAT_SUBMIT_MESSAGE);
    tapTwiceInOneFrame(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.workUser));
    expect(log.count(LOGIN)).toBe(1);
    // The second tap did nothing: not a second request, nor the client's refusal of one.
    expect(refused()).toBe(false);
  });

  it('logs in, stores a work session and shows the home page with the name', async () => {
    const log = recordRequests();
    const { router } = renderRoute(paths.login);
    await fillAndSubmit('admin', '123456');
    expect(await screen.findByText('您好，王医生')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.workUser);
    expect(getToken()).toMatch(/^demo-/);
    expect(getSessionAudience()).toBe('work');
    expect(await log.bodies(LOGIN)).toEqual([{ accountName: 'admin', accountPwd: '123456' }]);
    // The profile login loaded is reused by the home page.
    expect(log.count('/Account/GetUserManageProfile')).toBe(1);
  });

  it('goes home without waiting for the profile, which login asked for: the name comes with its answer', async () => {
    const log = recordRequests();
    let answerProfile: () => void = () => {};
    const profileAnswered = new Promise<void>((resolve) => (answerProfile = resolve));
    server.use(
      http.get('*/api/v1/Account/GetUserManageProfile', async () => {
        await profileAnswered;
        return slowUserProfile();
      }),
    );
    const { router } = renderRoute(paths.login);
    await fillAndSubmit('admin', '123456');

    expect(await screen.findByRole('link', { name: /信息录入/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.workUser);
    expect(screen.queryByText('您好，慢速用户')).not.toBeInTheDocument();
    answerProfile();
    expect(await screen.findByText('您好，慢速用户')).toBeInTheDocument();
    expect(log.count('/Account/GetUserManageProfile')).toBe(1);
  });

  it('returns to the page a 401 took the user from, replacing /login in history', async () => {
    const from = '/infoSearch?keyword=CT2026';
    const { router } = renderRoute(withQuery(paths.login, { redirect: from }), { history: [paths.workUser] });
    await fillAndSubmit('admin', '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoSearch));
    expect(router.state.location.search).toBe('?keyword=CT2026');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/callback?code=x', 'workUser'])(
    'ignores an unsafe redirect %s and goes home',
    async (redirect) => {
      const { router } = renderRoute(withQuery(paths.login, { redirect }));
      await fillAndSubmit('admin', '123456');
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.workUser));
    },
  );

  it('sends a signed-in work user home', async () => {
    await signInForTest('work');
    const { router } = renderRoute(paths.login, { session: 'work' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.workUser));
    expect(screen.queryByLabelText('密码')).not.toBeInTheDocument();
  });

  it('sends a signed-in check user to the check home', async () => {
    await signInForTest('check');
    const { router } = renderRoute(paths.login, { session: 'check' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUser));
  });

  it('shows the server message for a wrong password and keeps what was typed', async () => {
    const { router } = renderRoute(paths.login);
    await fillAndSubmit('admin', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(screen.getByLabelText('账号')).toHaveValue('admin');
    expect(screen.getByLabelText('密码')).toHaveValue('wrong-password');
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(getToken()).toBeNull();
  });

  it('disables the button while the login is in flight and sends one request', async () => {
    const log = recordRequests();
    const { release } = holdRequests('*/api/v1/Account/LoginManage');
    const { router } = renderRoute(paths.login);
    const user = await fillAndSubmit('admin', '123456');
    const button = await screen.findByRole('button', { name: /登录中/ });
    expect(button).toBeDisabled();
    await user.click(button);
    await delay(20);
    expect(log.count(LOGIN)).toBe(1);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.workUser));
    expect(log.count(LOGIN)).toBe(1);
  });

  it('offers no account name of an earlier sign-in, and never keeps the password', async () => {
    const first = renderRoute(paths.login);
    await fillAndSubmit('admin', '123456');
    await screen.findByText('您好，王医生');
    first.unmount();
    sessionStorage.clear();

    renderRoute(paths.login);
    expect(await screen.findByLabelText('账号')).toHaveValue('');
    expect(screen.getByLabelText('密码')).toHaveValue('');
    const stored = [localStorage, sessionStorage]
      .flatMap((storage) =>
        Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i) ?? '') ?? ''),
      )
      .join('\n');
    expect(stored).not.toContain('123456');
    expect(stored).not.toMatch(/(^|\n)admin($|\n)/);
  });

  it('on a phone another staff member used: counts her unsent work without her name; it stays hers when admin signs in', async () => {
    leftByWorker();
    renderRoute(paths.login);
    expect(await screen.findByRole('note')).toHaveTextContent(
      '此手机上还有 1 条登记未上传，录入它们的工作人员登录后会继续上传。',
    );
    expect(document.body).not.toHaveTextContent('worker');
    await fillAndSubmit('admin', '123456');
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith(appUrl(paths.workUser)));
    expect(localStorage.getItem(WORKER_DRAFT_KEY)).not.toBeNull();
    expect(queuedIds()).toEqual(['q1']);
    // Her session's other data goes.
    expect(localStorage.getItem('draft:bind:work:r-1')).toBeNull();
    expect(getToken()).not.toBeNull();
    expect(getSessionOwner()).toEqual({ audience: 'work', account: 'admin' });
  });

  it('the same account signing in again (after its session expired) keeps its drafts and queue', async () => {
    leftByWorker();
    const { router } = renderRoute(paths.login);
    await fillAndSubmit('worker', '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.workUser));
    expect(location.replace).not.toHaveBeenCalled();
    expect(getSessionOwner()).toEqual(WORKER);
    expect(localStorage.getItem(WORKER_DRAFT_KEY)).not.toBeNull();
    expect(localStorage.getItem('draft:bind:work:r-1')).not.toBeNull();
    expect(queuedIds()).toEqual(['q1']);
  });

  it('names work whose owner is unknown, and removes only that, only after a confirmation', async () => {
    leftBeforeOwners();
    // antd-mobile animates its dialog in: do not refuse clicks meanwhile.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderRoute(paths.login);
    const note = await screen.findByText('此手机上有 2 条登记不知道属于哪个账号，无法上传。');
    await user.click(screen.getByRole('button', { name: '删除这些登记' }));
    let dialog = await screen.findByRole('dialog', { name: '删除这些登记' });
    expect(dialog).toHaveTextContent('将从此手机删除 2 条不知道属于哪个账号的登记，删除后无法恢复。');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queuedIds()).toEqual(['q1', 'q0']);
    expect(localStorage.getItem('draft:registration:work')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: '删除这些登记' }));
    dialog = await screen.findByRole('dialog', { name: '删除这些登记' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(note).not.toBeInTheDocument());
    expect(queuedIds()).toEqual(['q1']);
    expect(localStorage.getItem('draft:registration:work')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('此手机上还有 1 条登记未上传');
  });
});
