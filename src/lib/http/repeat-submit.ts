import { ApiError } from './errors';
import { REPEAT_SUBMIT_MESSAGE, REPEAT_SUBMIT_SIZE_LIMIT, REPEAT_SUBMIT_WINDOW_MS } from './messages';

/** Spec §3: the last submitted request, kept for the repeat-submit check. */
interface SubmittedRequest {
  url: string;
  data: string;
  time: number;
}

let lastSubmitted: SubmittedRequest | null = null;

/**
 * A request body as comparable text: what makes two requests to one url the same (this guard; the
 * action an Idempotency-Key names, idempotency.ts).
 */
export function serializeBody(data: unknown): string {
  if (data === undefined || data === null) return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Spec §5: the same url and body within 1000 ms is refused. A request whose serialized form is
 * 5 MB or more skips the check (with a console warning) rather than be compared byte by byte.
 * Throws an ApiError of kind 'repeat-submit'.
 */
export function guardRepeatSubmit(url: string, data: unknown, now: number = Date.now()): void {
  const current: SubmittedRequest = { url, data: serializeBody(data), time: now };
  if (byteLength(JSON.stringify(current)) >= REPEAT_SUBMIT_SIZE_LIMIT) {
    console.warn(`[${url}]: 请求数据大小超出允许的5M限制，无法进行防重复提交验证。`);
    return;
  }
  const previous = lastSubmitted;
  if (
    previous &&
    previous.url === current.url &&
    previous.data === current.data &&
    current.time - previous.time < REPEAT_SUBMIT_WINDOW_MS
  ) {
    throw new ApiError('repeat-submit', REPEAT_SUBMIT_MESSAGE);
  }
  lastSubmitted = current;
}

/** Tests only. */
export function resetRepeatSubmitGuard(): void {
  lastSubmitted = null;
}

/**
 * Once a guarded request has failed nothing is being processed any more, so an immediate retry of
 * the same data must not be refused as a repeat.
 */
export function releaseRepeatSubmit(url: string, data: unknown): void {
  if (lastSubmitted && lastSubmitted.url === url && lastSubmitted.data === serializeBody(data))
    lastSubmitted = null;
}
