import * as v from 'valibot';
import { act, render, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '@/app/router';
import { installSessionExpiry } from '@/app/session-expiry';
import { config } from '@/config/env';
import { request } from '@/lib/http';
import { getSessionAudience, setSessionOwner } from '@/lib/session';
import { getToken, setToken } from '@/lib/token';
import { server } from '../../msw-server';
import { TEST_OWNERS } from '../support/render-route';

function expire() {
  server.use(
    mswHttp.get(`${config.apiBaseUrl}/api/v1/Test/Expired`, () => new HttpResponse(null, { status: 401 })),
  );
  return request({ schema: v.unknown(), url: '/api/v1/Test/Expired', method: 'get' }).catch(
    (error: unknown) => error,
  );
}

describe('after HTTP 401', () => {
  it('a work user goes to /login, remembering the page they were on', async () => {
    setToken('old');
    setSessionOwner(TEST_OWNERS.work);
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: ['/infoDetail?id=r-7'] });
    installSessionExpiry(router);
    render(<RouterProvider router={router} />);
    await act(expire);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/infoDetail?id=r-7');
    expect(getToken()).toBeNull();
    expect(getSessionAudience()).toBeNull();
  });

  it('a check user is sent back through WeChat authorization with the page as state', async () => {
    setToken('old');
    setSessionOwner(TEST_OWNERS.check);
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: ['/checkUserInfoDetail?id=r-1'] });
    installSessionExpiry(router);
    render(<RouterProvider router={router} />);
    await act(expire);
    // The page's own request may meet the 401 too (its code is loaded already when another test file
    // ran first): each one starts the same authorization (with a state nonce of its own), nothing else.
    expect(replace).toHaveBeenCalled();
    for (const [url] of replace.mock.calls) {
      const target = new URL(String(url));
      expect(target.origin + target.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(target.searchParams.get('scope')).toBe('snsapi_base');
      expect(target.hash).toBe('#wechat_redirect');
    }
    expect(getToken()).toBeNull();
  });

  it('does not loop when the login page itself gets a 401', async () => {
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: ['/login'] });
    installSessionExpiry(router);
    render(<RouterProvider router={router} />);
    await act(expire);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });
});
