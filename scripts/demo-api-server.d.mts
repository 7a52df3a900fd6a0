/** Types of scripts/demo-api-server.mjs for the TypeScript tests. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'msw';

export interface AnswerOptions {
  /** The origin the request's path is resolved against. */
  origin: string;
  /** Added to every answer (e.g. CORS). */
  headers?: Record<string, string>;
  onRequest?: (request: { method: string; path: string; body: string }) => void;
}
export function answerFromHandlers(
  handlers: RequestHandler[],
  req: IncomingMessage,
  res: ServerResponse,
  options: AnswerOptions,
): Promise<void>;
