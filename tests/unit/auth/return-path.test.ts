import { describe, expect, it } from 'vitest';
import type { UserAudience } from '@/config/audience';
import { readReturnPath } from '@/lib/return-path';
import { createOAuthState, readOAuthState } from '@/lib/wechat/oauth';
import { stateCarrying } from '../support/oauth-state';

/**
 * Where a sign-in returns to, however it travels: staff's in the login page's `?redirect=`, a check
 * user's in the WeChat OAuth `state` (one the app made, or one crafted around a nonce). One rule for all.
 */
const READERS: [string, UserAudience, (value: string) => string | null][] = [
  ["the login page's ?redirect= (staff)", 'work', (value) => readReturnPath(value, 'work')],
  ['an OAuth state the app made (check users)', 'check', (value) => readOAuthState(createOAuthState(value))],
  ['a crafted OAuth state (check users)', 'check', (value) => readOAuthState(stateCarrying(value))],
];

const FOLLOWED: Record<UserAudience, [string, string][]> = {
  work: [
    ['/workUser', '/workUser'],
    ['/infoDetail?id=reg-1001', '/infoDetail?id=reg-1001'],
    ['/repoetList?idCard=&page=2#top', '/repoetList?idCard=&page=2#top'],
    // dot segments are resolved before the path is judged
    ['/infoEnter/../infoSearch?keyword=CT2026', '/infoSearch?keyword=CT2026'],
    // pages either group opens
    ['/messageDetail?id=msg-7', '/messageDetail?id=msg-7'],
  ],
  check: [
    ['/checkUser', '/checkUser'],
    ['/checkUserRepoetDetail?id=rpt-2001', '/checkUserRepoetDetail?id=rpt-2001'],
    ['/checkUserInfoEnter/../checkUserInfoSearch?q=张', '/checkUserInfoSearch?q=%E5%BC%A0'],
    ['/messageDetail?id=Z9', '/messageDetail?id=Z9'],
    ['/downSuccess?report=rpt-2001', '/downSuccess?report=rpt-2001'],
  ],
};

/** Every value here is refused by every reader, staff's and check users'. */
const REFUSED = [
  '',
  'workUser',
  'checkUser',
  '//evil.example/path',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/login?redirect=/workUser',
  '/callback?code=abc',
  '/work\nUser',
  '/checkUser\n',
  // paths that normalise to another origin ('//evil.example…')
  '/.//evil.example/x',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/./\\evil.example',
  // not a page of the app
  '/admin',
  '/',
  '/assets/index.js',
  '/workUser/extra',
  '/%77orkUser',
];

/** The other group's pages: a return there would only end at that group's "not for you" message. */
const OTHER_GROUPS_PAGES: Record<UserAudience, string[]> = {
  work: ['/checkUser', '/checkUserRepoetDetail?id=rpt-2001', '/checkUserInfoEnter'],
  check: ['/workUser', '/infoEnter', '/unbindTube?id=reg-1001', '/announcement', '/repoetDetail?id=rpt-1'],
};

describe.each(READERS)('%s', (_reader, audience, read) => {
  it.each(FOLLOWED[audience])('follows %s', (value, expected) => {
    expect(read(value)).toBe(expected);
  });

  it.each(REFUSED)('refuses %j', (value) => {
    expect(read(value)).toBeNull();
  });

  it.each(OTHER_GROUPS_PAGES[audience])("refuses the other group's page %s", (value) => {
    expect(read(value)).toBeNull();
  });
});

it('refuses a missing redirect', () => {
  expect(readReturnPath(null, 'work')).toBeNull();
  expect(readReturnPath(undefined, 'check')).toBeNull();
});
