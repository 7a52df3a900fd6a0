import { http } from 'msw';
import { server } from '../../msw-server';

/**
 * Holds the POSTs to `path` (a glob as msw takes it) at the server until `release()`; then the next
 * handler answers them. `arrived` resolves when the first one is being held.
 */
export function holdRequests(path: string): { arrived: Promise<void>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  server.use(
    http.post(path, async () => {
      arrive();
      await held;
      return undefined;
    }),
  );
  return { arrived, release };
}
