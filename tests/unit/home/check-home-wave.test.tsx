import { screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { createOAuthState } from '@/lib/wechat/oauth';
import { server } from '../../msw-server';
import { stubLocation } from '../support/location-stub';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest } from '../support/render-route';

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.

/** Every request the check-user home makes, once each. */
const HOME_CALLS = [
  '/ScreeningRegister/Search',
  '/Sampling/PageCheckReport',
  '/Response/Page',
  '/SystemMessage/PageRecipientMessage',
];
const PROFILE = '/Account/GetUserManageProfile';

beforeEach(() => {
  stubLocation();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the check-user home’s data in one wave', () => {
  it('after a WeChat sign-in: the home’s calls go out with the profile’s, as soon as the token exists, once each', async () => {
    let releaseProfile = () => {};
    const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
    server.use(http.get(`*/api/v1${PROFILE}`, async () => profileHeld.then(() => undefined)));
    const log = recordRequests();
    const { router } = renderRoute(
      withQuery(paths.callback, { code: `wave-${Date.now()}`, state: createOAuthState('/checkUser') }),
    );
    await waitFor(() => expect(log.count(PROFILE)).toBe(1));
    // The profile has not answered: the home's requests are already out.
    await waitFor(() => HOME_CALLS.forEach((path) => expect(log.count(path), path).toBe(1)));
    expect(router.state.location.pathname).toBe(paths.callback);

    releaseProfile();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUser));
    expect(await screen.findByText('张秀英，您好')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '我的筛查' })).toBeInTheDocument();
    // The page took what was started for it: nothing asked twice, the profile from the sign-in.
    await delay(100);
    HOME_CALLS.forEach((path) => expect(log.count(path), path).toBe(1));
    expect(log.count(PROFILE)).toBe(1);
  });

  it('opened with a session: the home’s calls go out while its code loads, once each', async () => {
    await signInForTest('check');
    const log = recordRequests();
    renderRoute(paths.checkUser, { session: 'check' });
    expect(await screen.findByRole('heading', { name: '我的筛查' })).toBeInTheDocument();
    await delay(100);
    HOME_CALLS.forEach((path) => expect(log.count(path), path).toBe(1));
  });
});
