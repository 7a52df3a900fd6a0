import * as v from 'valibot';
import { act, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { installSessionExpiry } from '@/app/session-expiry';
import { config } from '@/config/env';
import { request } from '@/lib/http';
import { getSessionAudience } from '@/lib/session';
import { getToken } from '@/lib/token';
import { readOAuthState } from '@/lib/wechat/oauth';
import { server } from '../../msw-server';
import { signInForTest } from '../support/render-route';
import { stubLocation } from '../support/location-stub';

/**
 * In the demo there is no WeChat: a check user's lost session goes to /callback with a demo code, and
 * the callback brings them back to the page they were on, as the real OAuth round trip would.
 */
describe('demo: check user after HTTP 401', () => {
  beforeEach(() => {
    config.demo = true;
  });
  afterEach(() => {
    config.demo = false;
    vi.unstubAllGlobals();
  });

  it('signs in again through /callback and returns to the page', async () => {
    const location = stubLocation();
    const oldToken = await signInForTest('check');
    const router = createMemoryRouter(createAppRoutes(), {
      initialEntries: ['/checkUserRepoetList?type=mine'],
    });
    installSessionExpiry(router);
    render(<RouterProvider router={router} />);

    server.use(http.get('*/api/v1/Test/Expired', () => new HttpResponse(null, { status: 401 })));
    await act(() =>
      request({ schema: v.unknown(), url: '/api/v1/Test/Expired', method: 'get', silent: true }).catch(
        () => undefined,
      ),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/callback'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('code')).toMatch(/^demo-/);
    expect(readOAuthState(query.get('state'))).toBe('/checkUserRepoetList?type=mine');

    await waitFor(() =>
      expect(location.replace).toHaveBeenCalledWith(`${config.publicBase}checkUserRepoetList?type=mine`),
    );
    expect(getToken()).not.toBeNull();
    expect(getToken()).not.toBe(oldToken);
    expect(getSessionAudience()).toBe('check');
  });
});
