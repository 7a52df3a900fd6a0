import { API_STATUS } from '@/types/api';

/** The response envelope agreed with the backend (spec §3 and §8). */
export interface ApiResponse<T> {
  /** Absent (or null) means success (2000). */
  statusCode?: number | null;
  responseMessage?: string | null;
  responseData: T;
}

/**
 * What a 2xx body means to the app (spec §3 and §8): not a JSON object is malformed; no statusCode (or
 * null) is a success, as is the number 2000; any other statusCode is a refusal with that code. The HTTP
 * client reads every answer with it, and `npm run contract` (scripts/contract/) judges a server with it.
 */
export type EnvelopeReading<T> =
  | { outcome: 'success'; envelope: ApiResponse<T> }
  | { outcome: 'refused'; code: number; envelope: ApiResponse<T> }
  | { outcome: 'malformed' };

export function readEnvelope<T>(body: unknown): EnvelopeReading<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { outcome: 'malformed' };
  const envelope = body as ApiResponse<T>;
  const code = envelope.statusCode ?? API_STATUS.success;
  return code === API_STATUS.success
    ? { outcome: 'success', envelope }
    : { outcome: 'refused', code, envelope };
}
