import { describe, expect, it, vi } from 'vitest';

const nextFrame = () => new Promise<number>((resolve) => window.requestAnimationFrame(resolve));

/**
 * tests/animation-frames.ts: a test that fakes the timers while a frame is queued does not take the
 * frames away from the tests after it in the worker (the PDF viewer measures its pages in frames).
 * In this order, without shuffling.
 */
describe('animation frames after a test with fake timers', { shuffle: false }, () => {
  it('a frame queued while the timers are fake', () => {
    // The timers only, as a test of a countdown fakes them: the frames stay the window's own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    window.requestAnimationFrame(() => undefined);
    vi.useRealTimers();
  });

  it('still come, one after another', { timeout: 10_000 }, async () => {
    const first = await nextFrame();
    const second = await nextFrame();
    expect(second).toBeGreaterThan(first);
  });
});
