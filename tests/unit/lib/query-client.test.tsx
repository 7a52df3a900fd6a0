import { queryOptions, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getUserManageProfile } from '@/api/account';
import { ApiError } from '@/lib/http';
import { logout } from '@/features/auth';
import { clearSession, setSessionOwner } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { getToken, setToken } from '@/lib/token';
import { server } from '../../msw-server';
import { QueryWrapper } from '../support/query-wrapper';
import { recordRequests } from '../support/request-log';
import { renderRoute } from '../support/render-route';
import { stubLocation } from '../support/location-stub';
import { paths } from '@/config/paths';

/**
 * The cache belongs to a session (issue 58): what was read for account A is never shown once B has
 * signed in on the same phone, whichever way A's session ended, and an answer for A that arrives after
 * B signed in is dropped.
 */

/** A read whose answers the test gives by hand, each naming the session it was asked for. */
function heldRead() {
  const pending: { token: string | null; answer: (text: string) => void }[] = [];
  const read = queryOptions({
    queryKey: ['whose-data'],
    queryFn: () => new Promise<string>((resolve) => pending.push({ token: getToken(), answer: resolve })),
    meta: { silent: true },
  });
  /** Answers the oldest request still open for `token` with its account's data. */
  const answer = async (token: string, text: string) => {
    const index = pending.findIndex((request) => request.token === token);
    expect(index, `a request for ${token}`).toBeGreaterThanOrEqual(0);
    const [request] = pending.splice(index, 1);
    request.answer(text);
    // The answer's promise settles inside act.
    await act(() => Promise.resolve());
  };
  return { read, answer, pending };
}

type Read = ReturnType<typeof heldRead>['read'];

/** The cache tells its components of a change on a timer of its own (a 0 ms one): let it run. */
const cacheTells = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function WhoseData({ read }: { read: Read }) {
  const { data } = useQuery(read);
  return <p>{data ?? '加载中'}</p>;
}

/** A component under the app's query client, as app/query-layout.tsx puts every page. */
function renderWhoseData(read: Read) {
  return render(<WhoseData read={read} />, { wrapper: QueryWrapper });
}

function signIn(token: string, account: string) {
  setToken(token);
  setSessionOwner({ audience: 'work', account });
}

const ENDINGS: [string, () => Promise<void> | void][] = [
  ['signs out', () => logout()],
  [
    'meets a 401',
    async () => {
      server.use(
        http.get('*/api/v1/Account/GetUserManageProfile', () => new HttpResponse(null, { status: 401 })),
      );
      await getUserManageProfile({ silent: true }).catch(() => undefined);
    },
  ],
  ['is signed out after being idle (the session cleared)', () => clearSession()],
  // A check user signing in on a clinic phone, or anyone of the other group: a new session, no sign-out.
  [
    'is followed by a sign-in of another person, audience changed',
    () => {
      setToken('token-b');
      setSessionOwner({ audience: 'check', account: 'person-b' });
    },
  ],
];

describe('the read cache belongs to a session', () => {
  it.each(ENDINGS)('A’s answer is not shown to B after A %s', async (_name, end) => {
    const { read, answer } = heldRead();
    signIn('token-a', 'account-a');
    const { unmount } = renderWhoseData(read);
    await answer('token-a', 'A 的数据');
    expect(await screen.findByText('A 的数据')).toBeInTheDocument();
    unmount();

    await act(async () => end());
    if (getToken() !== 'token-b') signIn('token-b', 'account-b');
    renderWhoseData(read);
    expect(screen.queryByText('A 的数据')).not.toBeInTheDocument();
    expect(screen.getByText('加载中')).toBeInTheDocument();
    await answer('token-b', 'B 的数据');
    expect(await screen.findByText('B 的数据')).toBeInTheDocument();
  });

  it('a page still open when B signs in shows B’s answer, never A’s', async () => {
    const { read, answer } = heldRead();
    signIn('token-a', 'account-a');
    renderWhoseData(read);
    await answer('token-a', 'A 的数据');
    expect(await screen.findByText('A 的数据')).toBeInTheDocument();
    act(() => signIn('token-b', 'account-b'));
    await cacheTells();
    expect(screen.queryByText('A 的数据')).not.toBeInTheDocument();
    await answer('token-b', 'B 的数据');
    expect(await screen.findByText('B 的数据')).toBeInTheDocument();
  });

  it('a page still on screen when its session ends shows nothing of it and asks nothing more', async () => {
    const { read, answer, pending } = heldRead();
    signIn('token-a', 'account-a');
    renderWhoseData(read);
    await answer('token-a', 'A 的数据');
    expect(await screen.findByText('A 的数据')).toBeInTheDocument();
    act(() => clearSession());
    await cacheTells();
    expect(screen.queryByText('A 的数据')).not.toBeInTheDocument();
    expect(pending).toEqual([]);
  });

  it('an answer for A that arrives after B signed in is dropped', async () => {
    const { read, answer } = heldRead();
    signIn('token-a', 'account-a');
    renderWhoseData(read);
    act(() => signIn('token-b', 'account-b'));
    await answer('token-b', 'B 的数据');
    expect(await screen.findByText('B 的数据')).toBeInTheDocument();
    await answer('token-a', 'A 的数据');
    await cacheTells();
    expect(screen.getByText('B 的数据')).toBeInTheDocument();
    expect(screen.queryByText('A 的数据')).not.toBeInTheDocument();
  });

  it('a read started early for A (a route’s preload) is not handed to B', async () => {
    const { read, answer, pending } = heldRead();
    signIn('token-a', 'account-a');
    void queryClient.prefetchQuery(read);
    await answer('token-a', 'A 的数据');
    act(() => signIn('token-b', 'account-b'));
    void queryClient.prefetchQuery(read);
    renderWhoseData(read);
    expect(screen.queryByText('A 的数据')).not.toBeInTheDocument();
    expect(pending.map((request) => request.token)).toEqual(['token-b']);
    await answer('token-b', 'B 的数据');
    expect(await screen.findByText('B 的数据')).toBeInTheDocument();
  });

  it('a read started early without a session (after a 401, on the way to sign-in) asks nothing', async () => {
    signIn('token-a', 'account-a');
    act(() => clearSession());
    const sent = recordRequests();
    const { replace, assign } = stubLocation();
    // The check home's loader starts its reads only once the access rule lets the page open; here the
    // browser leaves for WeChat's authorization instead.
    renderRoute(paths.checkUser);
    await waitFor(() => expect([...replace.mock.calls, ...assign.mock.calls]).toHaveLength(1));
    // What the loader would have started has had its time to go out (a dynamic import, then the reads).
    await act(() => import('@/features/home/load-check-overview'));
    expect(await sent.all()).toEqual([]);
  });

  it('a read started early that was refused is the page’s failure: not asked again until 重试', async () => {
    let asked = 0;
    const read = queryOptions({
      queryKey: ['refused-early'],
      queryFn: (): Promise<string> => {
        asked += 1;
        return Promise.reject(new ApiError('http', '系统接口404异常', { code: 404 }));
      },
      meta: { silent: true },
    });
    function Page() {
      const { data, error } = useQuery(read);
      return <p>{error ? error.message : (data ?? '加载中')}</p>;
    }
    signIn('token-a', 'account-a');
    void queryClient.prefetchQuery(read);
    await cacheTells();
    render(<Page />, { wrapper: QueryWrapper });
    expect(await screen.findByText('系统接口404异常')).toBeInTheDocument();
    await cacheTells();
    expect(asked).toBe(1);
  });
});
