import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The machine's CPU time so far (Linux /proc/stat, in clock ticks): busy and total. */
function cpuTime(): { busy: number; total: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // user nice system idle iowait …: idle and iowait are the time nothing ran.
  return { busy: total - ticks[3] - ticks[4], total };
}

/**
 * Waits until the machine's CPUs have been at most `busyShare` busy for a quarter of a second, and at
 * most `timeoutMs`. A @timed test runs after every other test, but the other workers may still be closing
 * their browsers when it starts: measured beside that, a report's first page took 1.6 s instead of 0.7.
 */
export async function waitForQuietMachine(busyShare = 0.2, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let before = cpuTime();
  while (Date.now() < deadline) {
    await sleep(250);
    const now = cpuTime();
    const share = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    if (share <= busyShare) return;
    before = now;
  }
}
