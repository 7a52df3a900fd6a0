import { uuidV4 } from '@/lib/uuid';

/**
 * Idempotency keys (the server contract is in src/types/api.ts, CallOptions.idempotencyKey). An action
 * is one state-changing call with one body: every attempt at it (a tap on 提交 again after a timeout or
 * a dropped connection) carries the same key, so the server can recognise a retry of a request whose
 * answer was lost. Once the server has answered (success or a business refusal) the action is over and
 * the same body sent again is a new action with a new key. Kept in memory: a reload starts afresh
 * (the offline queue keeps its own keys in storage).
 */
const openActions = new Map<string, string>();

function actionOf(url: string, data: unknown): string {
  const body =
    data === undefined || data === null ? '' : typeof data === 'string' ? data : JSON.stringify(data);
  return `${url}\n${body}`;
}

/** The key of the action `url` + `data`: the open one's, or a new one. */
export function idempotencyKeyFor(url: string, data: unknown): string {
  const action = actionOf(url, data);
  let key = openActions.get(action);
  if (!key) {
    key = uuidV4();
    openActions.set(action, key);
  }
  return key;
}

/** The server answered this action: the next attempt with the same body is a new action. */
export function settleIdempotencyKey(url: string, data: unknown): void {
  openActions.delete(actionOf(url, data));
}

/** Tests only. */
export function resetIdempotencyKeys(): void {
  openActions.clear();
}
