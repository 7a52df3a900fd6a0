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
