import { setupServer } from 'msw/node';
import { handlers } from '@/mocks/handlers';

/** msw/node over the same handlers that drive the demo backend and the browser tests. */
export const server = setupServer(...handlers);
