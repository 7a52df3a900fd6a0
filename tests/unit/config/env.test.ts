import { describe, expect, it } from 'vitest';
import { readConfig } from '@/config/env';

describe('VITE_CONTENT_IMAGE_ORIGINS', () => {
  it('keeps the https origins of the list and nothing else', () => {
    const { contentImageOrigins } = readConfig({
      MODE: 'production',
      VITE_CONTENT_IMAGE_ORIGINS:
        ' https://img.example.cn/path , http://plain.example.cn, javascript:alert(1), https://cdn.example.cn:8443,,',
    });
    expect(contentImageOrigins).toEqual(['https://img.example.cn', 'https://cdn.example.cn:8443']);
  });

  it('is empty when unset', () => {
    expect(readConfig({ MODE: 'production' }).contentImageOrigins).toEqual([]);
  });
});

describe('VITE_DEMO_STYLE', () => {
  it('is the minimal style when the demo runs and the variable says so', () => {
    const env = { MODE: 'development', VITE_DEMO: 'true', VITE_DEMO_STYLE: 'minimal' };
    expect(readConfig(env).demoStyle).toBe('minimal');
  });

  it('is the full style by default, and without the demo', () => {
    expect(readConfig({ MODE: 'development', VITE_DEMO: 'true' }).demoStyle).toBe('full');
    expect(
      readConfig({ MODE: 'development', VITE_DEMO: 'false', VITE_DEMO_STYLE: 'minimal' }).demoStyle,
    ).toBe('full');
  });
});

describe('error reporting (VITE_SENTRY_*)', () => {
  it('is off without a DSN, named after the build mode, sampling one page load in ten', () => {
    expect(readConfig({ MODE: 'production' }, { release: 'app@1.0.0+abc' }).errorReporting).toEqual({
      dsn: '',
      environment: 'production',
      release: 'app@1.0.0+abc',
      tracesSampleRate: 0.1,
    });
  });

  it('reads the DSN, the environment and the sample rate', () => {
    const { errorReporting } = readConfig({
      MODE: 'production',
      VITE_SENTRY_DSN: ' https://key@sentry.example.cn/3 ',
      VITE_SENTRY_ENVIRONMENT: 'hospital-a',
      VITE_SENTRY_TRACES_SAMPLE_RATE: '0.25',
    });
    expect(errorReporting).toMatchObject({
      dsn: 'https://key@sentry.example.cn/3',
      environment: 'hospital-a',
      tracesSampleRate: 0.25,
    });
  });

  it.each(['0', '1'])('takes a sample rate of %s', (rate) => {
    expect(
      readConfig({ MODE: 'production', VITE_SENTRY_TRACES_SAMPLE_RATE: rate }).errorReporting,
    ).toMatchObject({
      tracesSampleRate: Number(rate),
    });
  });

  it.each(['', 'all', '-0.1', '1.5'])('keeps the default for a sample rate of "%s"', (rate) => {
    expect(
      readConfig({ MODE: 'production', VITE_SENTRY_TRACES_SAMPLE_RATE: rate }).errorReporting,
    ).toMatchObject({
      tracesSampleRate: 0.1,
    });
  });
});

describe('VITE_STAFF_IDLE_LOCK_MINUTES', () => {
  it.each([
    [undefined, 15 * 60_000],
    ['30', 30 * 60_000],
    [' 2.5 ', 150_000],
    ['0', null],
    ['-5', 15 * 60_000],
    ['soon', 15 * 60_000],
  ])('%j locks an idle staff session after %j ms', (value, ms) => {
    expect(readConfig({ MODE: 'production', VITE_STAFF_IDLE_LOCK_MINUTES: value }).staffIdleLockMs).toBe(ms);
  });
});

describe('VITE_QUEUE_CONFIRM_DAYS', () => {
  const DAY = 24 * 60 * 60 * 1000;
  it.each([
    [undefined, 7 * DAY],
    ['3', 3 * DAY],
    // Never off: a person's data does not wait on a phone for good.
    ['0', 7 * DAY],
    ['-1', 7 * DAY],
    ['never', 7 * DAY],
  ])('%j makes an unsent queued registration ask after %j ms', (value, ms) => {
    expect(readConfig({ MODE: 'production', VITE_QUEUE_CONFIRM_DAYS: value }).queueConfirmAfterMs).toBe(ms);
  });
});
