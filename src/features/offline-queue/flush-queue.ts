import type { ApiErrorKind } from '@/lib/http';
import { getSessionOwner, sameOwner, type SessionOwner } from '@/lib/session';
import { acquireQueueLock, releaseQueueLock, renewQueueLock } from './queue-lock';
import {
  getQueueSnapshot,
  isSendable,
  reloadQueueFromStorage,
  sessionEntries,
  setQueueFlushing,
  updateQueueEntry,
  type QueueEntry,
} from './queue-store';

/** What one flush did. `skipped` says why it did not start. */
export interface FlushSummary {
  sent: number;
  failed: number;
  /** Entries still waiting when the flush ended. */
  pending: number;
  skipped?: 'empty' | 'offline' | 'no-session' | 'busy';
  /** Why the flush stopped before the end (the first entry that could not be sent now), in Chinese. */
  stoppedBy?: string;
  /** The kind of that failure, when it was a request's. */
  stoppedByKind?: ApiErrorKind;
}

export interface FlushOptions {
  /** Started by the user (立即发送): also report when nothing could be sent, and say why. */
  manual?: boolean;
}

let running: Promise<FlushSummary> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** This session's entries waiting to be sent. */
function sendableEntries(): QueueEntry[] {
  return sessionEntries(getQueueSnapshot().entries).filter(isSendable);
}

/** Still signed in as `owner` in this tab (a sign-out or another sign-in ends the flush). */
function stillSignedInAs(owner: SessionOwner): boolean {
  const current = getSessionOwner();
  return current !== null && sameOwner(current, owner);
}

async function run(): Promise<FlushSummary> {
  // Another tab may have sent or cleared entries since this one last looked.
  reloadQueueFromStorage();
  // Entries go out only under the token of the staff account that queued them: the session's own.
  const owner = getSessionOwner();
  const summary: FlushSummary = { sent: 0, failed: 0, pending: sendableEntries().length };
  if (owner?.audience !== 'work') return { ...summary, skipped: 'no-session' };
  if (summary.pending === 0) return { ...summary, skipped: 'empty' };
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { ...summary, skipped: 'offline' };
  if (!acquireQueueLock()) return { ...summary, skipped: 'busy' };

  setQueueFlushing(true);
  const tried = new Set<string>();
  try {
    // Loaded on demand so the app entry does not carry the HTTP calls. Offline, the chunk may not load:
    // that is just another "cannot send now".
    const { sendEntry } = await import('./send-entry');
    // One entry at a time, in the order they were queued; re-read each time (another tab may have changed it).
    for (;;) {
      reloadQueueFromStorage();
      if (!stillSignedInAs(owner)) break;
      const next = sendableEntries().find((entry) => !tried.has(entry.id));
      if (!next) break;
      tried.add(next.id);
      if (!renewQueueLock()) {
        summary.stoppedBy = '正在其他页面发送';
        break;
      }
      updateQueueEntry(next.id, { status: 'sending', attempts: next.attempts + 1 });
      const result = await sendEntry(next, {
        onRegistrationSaved: (registrationId) => updateQueueEntry(next.id, { registrationId }),
      });
      const settledAt = new Date().toISOString();
      if (result.kind === 'sent') {
        updateQueueEntry(next.id, {
          status: 'sent',
          registrationId: result.registrationId,
          resultRegistrationId: result.registrationId,
          lastError: undefined,
          settledAt,
        });
        summary.sent += 1;
      } else if (result.kind === 'failed') {
        updateQueueEntry(next.id, {
          status: 'failed',
          lastError: result.message,
          resultRegistrationId: result.resultRegistrationId,
          settledAt,
        });
        summary.failed += 1;
      } else {
        updateQueueEntry(next.id, { status: 'pending', lastError: result.message });
        summary.stoppedBy = result.message;
        summary.stoppedByKind = result.errorKind;
        break;
      }
    }
  } catch (error) {
    summary.stoppedBy = error instanceof Error && error.message ? error.message : '网络不可用';
  } finally {
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
      return {
        text: `暂时无法发送（${summary.stoppedBy ?? '网络不可用'}），恢复网络后将自动提交`,
        tone: 'fail',
      };
  }
}

/** One toast per flush, not one per request. Feedback (antd-mobile) is loaded on demand, like the sender. */
async function report(summary: FlushSummary, manual: boolean): Promise<void> {
  const message = reportText(summary, manual);
  if (!message) return;
  const { toast, toastFail, toastSuccess, toastWarning } = await import('@/lib/feedback');
  const show = { success: toastSuccess, warning: toastWarning, fail: toastFail, info: toast }[message.tone];
  show(message.text);
}

/**
 * Sends the waiting entries, one at a time, each once. Calls while a flush runs (in this tab) share it;
 * a flush running in another tab makes this one skip. Reports the outcome in one toast.
 */
export function flushQueue(options: FlushOptions = {}): Promise<FlushSummary> {
  if (running) return running;
  const manual = options.manual ?? false;
  const flush = run()
    .then(async (summary) => {
      // An identical request was still being processed: try again once the guard's window is over.
      if (summary.stoppedByKind === 'repeat-submit' && summary.pending > 0) {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void flushQueue(), 1500);
      }
      await report(summary, manual).catch(() => undefined);
      return summary;
    })
    .finally(() => {
      if (running === flush) running = null;
    });
  running = flush;
  return flush;
}
