import { describe, expect, it } from 'vitest';
import {
  assertDebugToolsAllowed,
  assertDemoStyle,
  assertErrorReportingEnv,
  isLoopbackOrDemoHost,
} from '@/config/build-env';

describe('isLoopbackOrDemoHost', () => {
  it.each([
    'http://localhost:8686',
    'http://127.0.0.1:8686',
    'http://127.8.9.10',
    'http://[::1]:8686',
    'https://api.screening.test:8686',
    'https://api.example.invalid:8686',
    'https://api.example:8686',
    'http://api.localhost',
  ])('%s is', (url) => {
    expect(isLoopbackOrDemoHost(url)).toBe(true);
  });

  it.each([
    'https://api.example.cn:8686',
    'https://10.0.0.5:8686',
    'https://test.example.cn',
    'https://localhost.evil.cn',
    'https://test',
    'not a url',
  ])('%s is not', (url) => {
    expect(isLoopbackOrDemoHost(url)).toBe(false);
  });
});

describe('assertDebugToolsAllowed (every build)', () => {
  const realApi = 'https://api.example.cn:8686';

  it.each([
    ['the demo backend', { VITE_DEMO: 'true' }, 'VITE_DEMO=true'],
    ['vConsole', { VITE_VCONSOLE: 'true' }, 'VITE_VCONSOLE=true'],
  ])('refuses %s with a real API, naming it and the way out', (_label, tools, named) => {
    expect(() => assertDebugToolsAllowed({ VITE_API_BASE_URL: realApi, ...tools })).toThrow(named);
    expect(() => assertDebugToolsAllowed({ VITE_API_BASE_URL: realApi, ...tools })).toThrow(
      /not a loopback or demo host.*VITE_ALLOW_DEBUG_BUILD=true/,
    );
  });

  it('refuses vConsole on a same-origin API the demo does not answer', () => {
    expect(() => assertDebugToolsAllowed({ VITE_API_BASE_URL: '', VITE_VCONSOLE: 'true' })).toThrow(
      'its own origin',
    );
  });

  it.each([
    [
      'a loopback API',
      { VITE_API_BASE_URL: 'http://127.0.0.1:8686', VITE_DEMO: 'true', VITE_VCONSOLE: 'true' },
    ],
    ['a demo host', { VITE_API_BASE_URL: 'https://api.screening.test:8686', VITE_VCONSOLE: 'true' }],
    [
      'the demo answering the same origin',
      { VITE_API_BASE_URL: '', VITE_DEMO: 'true', VITE_VCONSOLE: 'true' },
    ],
    [
      'a build meant for debugging',
      { VITE_API_BASE_URL: realApi, VITE_VCONSOLE: 'true', VITE_ALLOW_DEBUG_BUILD: 'true' },
    ],
    ['no debugging tool', { VITE_API_BASE_URL: realApi, VITE_DEMO: 'false', VITE_VCONSOLE: 'false' }],
  ])('allows %s', (_label, env) => {
    expect(() => assertDebugToolsAllowed(env)).not.toThrow();
  });
});

describe('assertDemoStyle (npm start and every build)', () => {
  it.each([{}, { VITE_DEMO_STYLE: '' }, { VITE_DEMO_STYLE: 'full' }, { VITE_DEMO_STYLE: 'minimal' }])(
    'allows %o',
    (env) => {
      expect(() => assertDemoStyle(env)).not.toThrow();
    },
  );

  it('refuses a mistyped style, naming the ones there are', () => {
    expect(() => assertDemoStyle({ VITE_DEMO_STYLE: 'minimum' })).toThrow(
      'VITE_DEMO_STYLE must be full or minimal, got "minimum"',
    );
  });
});

describe('assertErrorReportingEnv (every build)', () => {
  it.each([
    ['no DSN (reports off)', {}],
    ['a DSN', { VITE_SENTRY_DSN: 'https://0123abcd@sentry.example.cn/3' }],
    ['a DSN with a path and port', { VITE_SENTRY_DSN: 'http://key_1@127.0.0.1:9000/sentry/44' }],
    ['a sample rate from 0 to 1', { VITE_SENTRY_TRACES_SAMPLE_RATE: '0.05' }],
  ])('allows %s', (_label, env) => {
    expect(() => assertErrorReportingEnv(env)).not.toThrow();
  });

  it.each([
    ['not a URL', 'sentry.example.cn/3'],
    ['no public key', 'https://sentry.example.cn/3'],
    ['a key Sentry refuses', 'https://public-key@sentry.example.cn/3'],
    ['no project id', 'https://key@sentry.example.cn/'],
    ['another protocol', 'ftp://key@sentry.example.cn/3'],
  ])('refuses a DSN with %s, naming the variable', (_label, dsn) => {
    expect(() => assertErrorReportingEnv({ VITE_SENTRY_DSN: dsn })).toThrow('VITE_SENTRY_DSN');
  });

  it.each(['all', '2', '-1'])('refuses a sample rate of %s', (rate) => {
    expect(() => assertErrorReportingEnv({ VITE_SENTRY_TRACES_SAMPLE_RATE: rate })).toThrow(
      'VITE_SENTRY_TRACES_SAMPLE_RATE',
    );
  });
});
