import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from '@/lib/preload';
import { removeToken, setToken } from '@/lib/token';

function counting() {
  let calls = 0;
  const loader = preloadable(() => Promise.resolve((calls += 1)));
  return { loader, calls: () => calls };
}

afterEach(() => {
  vi.useRealTimers();
  removeToken();
});

describe('preloadable', () => {
  it('hands what was started to the first load of the same session, once', async () => {
    setToken('a');
    const { loader, calls } = counting();
    loader.start();
    loader.start();
    expect(calls()).toBe(1);
    expect(await loader.load()).toBe(1);
    expect(await loader.load()).toBe(2);
    expect(calls()).toBe(2);
  });

  it.each([
    ['another session signed in meanwhile', () => setToken('b')],
    ['the session ended meanwhile', () => removeToken()],
    ['it was started too long ago (a visit abandoned)', () => vi.advanceTimersByTime(15_000)],
  ])('asks afresh when %s', async (_label, meanwhile) => {
    vi.useFakeTimers();
    setToken('a');
    const { loader, calls } = counting();
    loader.start();
    meanwhile();
    expect(await loader.load()).toBe(2);
    expect(calls()).toBe(2);
  });

  it('loads on its own when nothing was started', async () => {
    const { loader, calls } = counting();
    expect(await loader.load()).toBe(1);
    expect(calls()).toBe(1);
  });
});
