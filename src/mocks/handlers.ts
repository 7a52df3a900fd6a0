import type { HttpHandler } from 'msw';
import { defaultDb, type DemoDb } from './db';
import { accountHandlers } from './handlers/account';
import { announcementHandlers } from './handlers/announcements';
import { dictionaryHandlers } from './handlers/dictionary';
import { messageHandlers } from './handlers/messages';
import { questionnaireHandlers } from './handlers/questionnaires';
import { registrationHandlers } from './handlers/registration';
import { samplingHandlers } from './handlers/sampling';
import type { HandlerOptions } from './handlers/shared';

export type { HandlerOptions } from './handlers/shared';
export { createDemoDb, type DemoDb } from './db';

/**
 * The demo backend over one store: every endpoint of spec §7, matched on any origin ('*' + path).
 * The browser-test harness builds a fresh set per test: `createHandlers(createDemoDb())`.
 */
export function createHandlers(db: DemoDb, options: HandlerOptions = {}): HttpHandler[] {
  return [
    ...accountHandlers(db, options),
    ...dictionaryHandlers(db, options),
    ...registrationHandlers(db, options),
    ...samplingHandlers(db, options),
    ...messageHandlers(db, options),
    ...questionnaireHandlers(db, options),
    ...announcementHandlers(db, options),
  ];
}

/** Shared by dev mode (via browser.ts), unit tests (tests/msw-server.ts) and the browser tests. */
export const handlers: HttpHandler[] = createHandlers(defaultDb);
