import { describe, expect, it } from 'vitest';
import { readRedirect } from '@/features/auth/safe-redirect';

describe('readRedirect', () => {
  it.each([
    ['/workUser', '/workUser'],
    ['/infoDetail?id=reg-1001', '/infoDetail?id=reg-1001'],
    ['/repoetList?idCard=&page=2#top', '/repoetList?idCard=&page=2#top'],
    // dot segments are resolved before the path is judged
    ['/infoEnter/../infoSearch?keyword=CT2026', '/infoSearch?keyword=CT2026'],
  ])('follows the app path %s', (value, expected) => {
    expect(readRedirect(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'workUser',
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/login?redirect=/workUser',
    '/callback?code=abc',
    '/work\nUser',
    // paths that normalise to another origin ('//evil.example…')
    '/.//evil.example/x',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./\\evil.example',
    // not a page of the app
    '/admin',
    '/',
    '/workUser/extra',
    '/%77orkUser',
  ])('refuses %s', (value) => {
    expect(readRedirect(value)).toBeNull();
  });
});
