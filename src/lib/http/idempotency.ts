import { uuidV4 } from '@/lib/uuid';
import { serializeBody } from './repeat-submit';

/**
 * Idempotency keys (sent only where the switch is on: config/assumptions.ts; the server contract is in
 * src/types/api.ts, CallOptions.idempotencyKey). An action is one state-changing call with one body:
 * every attempt at it (a tap on 提交 again after a timeout or a dropped connection) carries the same
 * key, so the server can recognise a retry of a request whose answer was lost. Once the server has
 * answered anything for that URL (a success, a business refusal, an HTTP error), its open actions are
 * over and the next attempt is a new action with a new key; an action left open longer than
 * IDEMPOTENCY_KEY_TTL_MS is over too (the person has moved on; the server need not keep keys forever).
 * Kept in memory: a reload starts afresh (the offline queue keeps its own keys in storage).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 5 * 60 * 1000;

interface OpenAction {
  url: string;
  key: string;
  openedAt: number;
}

const openActions = new Map<string, OpenAction>();

/** The key of the action `url` + `data`: the open one's, or a new one. */
export function idempotencyKeyFor(url: string, data: unknown, now = Date.now()): string {
  const action = `${url}\n${serializeBody(data)}`;
  const open = openActions.get(action);
  if (open && now - open.openedAt < IDEMPOTENCY_KEY_TTL_MS) return open.key;
  const key = uuidV4();
  openActions.set(action, { url, key, openedAt: now });
  return key;
}

/** The server answered a call to `url`: every open action of that URL is over. */
export function releaseIdempotencyKeys(url: string): void {
  for (const [action, open] of openActions) if (open.url === url) openActions.delete(action);
}

/** Tests only. */
export function resetIdempotencyKeys(): void {
  openActions.clear();
}
