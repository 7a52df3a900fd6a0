import type { ApiErrorKind } from '@/lib/http';
import { RETRY_GIVE_UP_MS, retryDelayMs } from '@/lib/http/retry-policy';
import { getSessionOwner, sameOwner, type SessionOwner } from '@/lib/session';
import { getToken, onTokenChange } from '@/lib/token';
import { acquireQueueLock, releaseQueueLock, renewQueueLock } from './queue-lock';
import type { SendResult } from './send-entry';
import { waitText } from './wait-text';
import {
  getQueueSnapshot,
  isSendable,
  reloadQueueFromStorage,
  sessionEntries,
  setQueueFlushing,
  updateQueueEntry,
  type HeldQueueEntry,
  type QueueEntry,
} from './queue-store';

/** What one flush did. `skipped` says why it did not start. */
export interface FlushSummary {
  sent: number;
  failed: number;
  /** Entries still waiting when the flush ended. */
  pending: number;
  /** 'waiting': entries wait, none is due yet (its backoff or the server's Retry-After). */
  skipped?: 'empty' | 'offline' | 'no-session' | 'busy' | 'waiting';
  /** Why the flush stopped before the end (the first entry that could not be sent now), in Chinese. */
  stoppedBy?: string;
  /** The kind of that failure, when it was a request's. */
  stoppedByKind?: ApiErrorKind;
}

export interface FlushOptions {
  /**
   * Started by the user (立即发送, 立即重试): sends without waiting for the backoff, and also reports
   * when nothing could be sent, and why.
   */
  manual?: boolean;
  /** The network came back ('online'): entries that waited for it are due now. */
  networkBack?: boolean;
}

let running: Promise<FlushSummary> | null = null;
/** The one timer of the queue: the next flush, when the first waiting entry is due. */
let nextFlushTimer: ReturnType<typeof setTimeout> | undefined;

/** This session's entries waiting to be sent. */
function sendableEntries(): HeldQueueEntry[] {
  return sessionEntries(getQueueSnapshot().entries).filter(isSendable);
}

/** When an entry may be sent automatically (ms); 0 when it may go now. */
function dueAt(entry: QueueEntry): number {
  const at = entry.nextAttemptAt ? Date.parse(entry.nextAttemptAt) : 0;
  return Number.isNaN(at) ? 0 : at;
}

/** Whether this flush may send `entry` now: asked by a person, due, or the network it waited for is back. */
function mayGo(entry: QueueEntry, options: FlushOptions): boolean {
  return (
    !!options.manual ||
    dueAt(entry) <= Date.now() ||
    (!!options.networkBack && entry.waitingFor === 'network')
  );
}

/**
 * What a failure that decided nothing does to the entry: it stays 待发送 and waits (exponential backoff
 * with full jitter over its failures in a row, never less than the server's Retry-After); after
 * RETRY_GIVE_UP_MS of such failures it asks for attention. A lost session only waits for the sign-in.
 */
function waitAfter(
  entry: QueueEntry,
  result: Extract<SendResult, { kind: 'retry' }>,
  now: number,
): Partial<QueueEntry> {
  if (result.waitingFor === 'session')
    return { status: 'pending', lastError: result.message, waitingFor: 'session', nextAttemptAt: undefined };
  const failures = (entry.transientFailures ?? 0) + 1;
  const firstFailedAt = entry.firstFailedAt ?? new Date(now).toISOString();
  if (now - Date.parse(firstFailedAt) >= RETRY_GIVE_UP_MS)
    return {
      status: 'failed',
      lastError: `${GIVE_UP_HOURS} 小时内一直无法发送（${result.message}），请确认网络和服务器正常后重新发送`,
      transientFailures: failures,
      nextAttemptAt: undefined,
      waitingFor: undefined,
      settledAt: new Date(now).toISOString(),
    };
  return {
    status: 'pending',
    lastError: result.message,
    transientFailures: failures,
    firstFailedAt,
    nextAttemptAt: new Date(now + retryDelayMs(failures, result.retryAfterMs)).toISOString(),
    waitingFor: result.waitingFor,
  };
}

const GIVE_UP_HOURS = Math.round(RETRY_GIVE_UP_MS / 3_600_000);

/** Still the session that started the flush: its owner and its token (a sign-out or another sign-in ends it). */
function stillSignedInAs(owner: SessionOwner, token: string | null): boolean {
  const current = getSessionOwner();
  return current !== null && sameOwner(current, owner) && getToken() === token;
}

async function run(options: FlushOptions): Promise<FlushSummary> {
  // Another tab may have sent or cleared entries since this one last looked.
  reloadQueueFromStorage();
  // Entries go out only under the token of the staff account that queued them: the session's own.
  const owner = getSessionOwner();
  const summary: FlushSummary = { sent: 0, failed: 0, pending: sendableEntries().length };
  if (owner?.audience !== 'work') return { ...summary, skipped: 'no-session' };
  if (summary.pending === 0) return { ...summary, skipped: 'empty' };
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { ...summary, skipped: 'offline' };
  // The queue goes in order: while its first entry waits out its backoff, the phone sends nothing.
  if (!mayGo(sendableEntries()[0], options)) return { ...summary, skipped: 'waiting' };
  if (!acquireQueueLock()) return { ...summary, skipped: 'busy' };

  // Every step of every entry goes out under the token the flush started with, and the moment the tab's
  // session changes (a 401 elsewhere, another sign-in) the step in flight is aborted and nothing follows.
  const token = getToken();
  const session = new AbortController();
  const stopWatching = onTokenChange(() => {
    if (getToken() !== token) session.abort();
  });
  setQueueFlushing(true);
  const tried = new Set<string>();
  try {
    // Loaded on demand so the app entry does not carry the HTTP calls. Offline, the chunk may not load:
    // that is just another "cannot send now".
    const { sendEntry } = await import('./send-entry');
    // One entry at a time, in the order they were queued; re-read each time (another tab may have changed it).
    for (;;) {
      reloadQueueFromStorage();
      if (session.signal.aborted || !stillSignedInAs(owner, token)) break;
      const next = sendableEntries().find((entry) => !tried.has(entry.id));
      if (!next || !mayGo(next, options)) break;
      tried.add(next.id);
      if (!renewQueueLock()) {
        summary.stoppedBy = '正在其他页面发送';
        break;
      }
      updateQueueEntry(next.id, { status: 'sending', attempts: next.attempts + 1 });
      const result = await sendEntry(next, {
        onRegistrationSaved: (registrationId) => updateQueueEntry(next.id, { registrationId }),
        token,
        signal: session.signal,
      });
      // Aborted by the session's end: nothing was decided, and it is no failure of the entry's.
      if (result.kind === 'retry' && session.signal.aborted) break;
      const settledAt = new Date().toISOString();
      const cleared = {
        transientFailures: undefined,
        firstFailedAt: undefined,
        nextAttemptAt: undefined,
        waitingFor: undefined,
      };
      if (result.kind === 'sent') {
        updateQueueEntry(next.id, {
          status: 'sent',
          registrationId: result.registrationId,
          resultRegistrationId: result.registrationId,
          lastError: undefined,
          settledAt,
          ...cleared,
        });
        summary.sent += 1;
      } else if (result.kind === 'failed') {
        updateQueueEntry(next.id, {
          status: 'failed',
          lastError: result.message,
          resultRegistrationId: result.resultRegistrationId,
          settledAt,
          ...cleared,
        });
        summary.failed += 1;
      } else {
        const wait = waitAfter(next, result, Date.now());
        updateQueueEntry(next.id, wait);
        if (wait.status === 'failed') summary.failed += 1;
        summary.stoppedBy = result.message;
        summary.stoppedByKind = result.errorKind;
        break;
      }
    }
  } catch (error) {
    summary.stoppedBy = error instanceof Error && error.message ? error.message : '网络不可用';
  } finally {
    stopWatching();
    // Nothing stays 'sending' once this flush is over (e.g. the chunk failed to load mid-way).
    for (const entry of getQueueSnapshot().entries) {
      if (entry.status === 'sending' && tried.has(entry.id))
        updateQueueEntry(entry.id, { status: 'pending' });
    }
    releaseQueueLock();
    setQueueFlushing(false);
  }
  summary.pending = sendableEntries().length;
  return summary;
}

function reportText(
  summary: FlushSummary,
  manual: boolean,
  waitLine: string | null,
): { text: string; tone: 'success' | 'warning' | 'fail' | 'info' } | null {
  const parts: string[] = [];
  if (summary.sent > 0) parts.push(`已${manual ? '' : '自动'}提交 ${summary.sent} 条登记`);
  if (summary.failed > 0) parts.push(`${summary.failed} 条发送失败，请在首页查看原因`);
  if (parts.length > 0) {
    if (summary.pending > 0) parts.push(`还有 ${summary.pending} 条待发送`);
    return { text: parts.join('，'), tone: summary.failed > 0 ? 'warning' : 'success' };
  }
  if (!manual) return null;
  switch (summary.skipped) {
    case 'empty':
      return { text: '没有待发送的登记', tone: 'info' };
    case 'offline':
      return { text: '网络不可用，恢复网络后将自动提交', tone: 'fail' };
    case 'no-session':
      return { text: '登录后才能发送，请重新登录', tone: 'fail' };
    case 'busy':
      return { text: '正在其他页面发送，请稍候', tone: 'info' };
    default:
      // What the first entry now waits for (the network, a busy server, a sign-in), as the home says it.
      return {
        text: waitLine
          ? `暂时无法发送：${waitLine}`
          : `暂时无法发送（${summary.stoppedBy ?? '网络不可用'}），稍后将自动重试`,
        tone: 'fail',
      };
  }
}

/** One toast per flush, not one per request. Feedback (antd-mobile) is loaded on demand, like the sender. */
async function report(summary: FlushSummary, manual: boolean): Promise<void> {
  const first = sendableEntries()[0];
  const message = reportText(summary, manual, first ? waitText(first) : null);
  if (!message) return;
  const { toast, toastFail, toastSuccess, toastWarning } = await import('@/lib/feedback');
  const show = { success: toastSuccess, warning: toastWarning, fail: toastFail, info: toast }[message.tone];
  show(message.text);
}

/**
 * Sets the queue's one timer for its first entry's next attempt (the backoff the last failure set).
 * Without a wait there is no timer: the next flush comes with the network ('online'), the app's start,
 * the home page, or the person (立即发送, 立即重试).
 */
function scheduleNextFlush(summary: FlushSummary): void {
  clearTimeout(nextFlushTimer);
  nextFlushTimer = undefined;
  if (summary.pending === 0 || summary.skipped === 'no-session' || summary.skipped === 'offline') return;
  const first = sendableEntries()[0];
  if (!first?.nextAttemptAt) return;
  nextFlushTimer = setTimeout(() => void flushQueue(), Math.max(0, dueAt(first) - Date.now()));
}

/**
 * Sends the waiting entries, one at a time, in order, each once per flush; an entry whose failure
 * decided nothing waits its backoff and holds the ones behind it (lib/http/retry-policy.ts). Calls while
 * a flush runs (in this tab) share it; a flush running in another tab makes this one skip. Reports the
 * outcome in one toast.
 */
export function flushQueue(options: FlushOptions = {}): Promise<FlushSummary> {
  if (running) return running;
  const manual = options.manual ?? false;
  const flush = run(options)
    .then(async (summary) => {
      scheduleNextFlush(summary);
      await report(summary, manual).catch(() => undefined);
      return summary;
    })
    .finally(() => {
      if (running === flush) running = null;
    });
  running = flush;
  return flush;
}
