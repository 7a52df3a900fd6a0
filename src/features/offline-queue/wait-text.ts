import { useEffect, useState } from 'react';
import type { QueueEntry } from './queue-store';

/**
 * The next attempt of a waiting entry in plain words (the list and the home card), or null when it
 * waits for nothing in particular (never tried, or due now).
 */
export function waitText(entry: QueueEntry, now: number = Date.now()): string | null {
  if (entry.status !== 'pending' || !entry.waitingFor) return null;
  if (entry.waitingFor === 'session') return '登录已失效，重新登录后自动发送';
  if (entry.waitingFor === 'network') return '网络不可用，恢复网络后自动重试';
  const wait = entry.nextAttemptAt ? Date.parse(entry.nextAttemptAt) - now : 0;
  if (!(wait > 0)) return '服务器繁忙，即将自动重试';
  if (wait < 60_000) return `服务器繁忙，约 ${Math.max(1, Math.ceil(wait / 1000))} 秒后自动重试`;
  return `服务器繁忙，约 ${Math.ceil(wait / 60_000)} 分钟后自动重试`;
}

/** While an entry waits for a time, the words "约 N 分钟后" follow the clock. */
const WAIT_TEXT_REFRESH_MS = 10_000;

/** The clock for `waitText`, read again every few seconds and whenever the awaited time changes. */
function useNow(awaited: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!awaited) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, WAIT_TEXT_REFRESH_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [awaited]);
  return now;
}

/**
 * What the queue as a whole waits for, in one line (the home card and the entry form's banner): the
 * oldest waiting entry's reason, since the queue sends in order; null when nothing waits.
 */
export function useQueueWaitLine(queue: { entries: readonly QueueEntry[]; flushing: boolean }): {
  line: string | null;
  now: number;
} {
  const first = queue.entries.find((entry) => entry.status === 'pending' || entry.status === 'sending');
  const now = useNow(first?.waitingFor === 'server' ? first.nextAttemptAt : undefined);
  if (!first) return { line: null, now };
  if (queue.flushing) return { line: '正在发送…', now };
  // Queued and not tried yet: it goes out with the next send, which needs the network.
  return { line: waitText(first, now) ?? '恢复网络后将自动提交', now };
}
