import { describe, expect, it } from 'vitest';
import { readRedirect } from '@/features/auth/safe-redirect';

describe('readRedirect', () => {
  it.each([
    ['/workUser', '/workUser'],
    ['/infoDetail?id=reg-1001', '/infoDetail?id=reg-1001'],
    ['/repoetList?idCard=&page=2#top', '/repoetList?idCard=&page=2#top'],
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
  ])('refuses %s', (value) => {
    expect(readRedirect(value)).toBeNull();
  });
});
