import { vi, type Mock } from 'vitest';

/**
 * jsdom cannot navigate, and its Location methods cannot be spied on: replace `window.location` with a
 * copy whose replace/assign are mocks. Undo with vi.unstubAllGlobals().
 */
export function stubLocation(): {
  replace: Mock<(url: string) => void>;
  assign: Mock<(url: string) => void>;
  reload: Mock<() => void>;
} {
  const real = window.location;
  const replace = vi.fn<(url: string) => void>();
  const assign = vi.fn<(url: string) => void>();
  const reload = vi.fn<() => void>();
  vi.stubGlobal('location', {
    href: real.href,
    origin: real.origin,
    protocol: real.protocol,
    host: real.host,
    hostname: real.hostname,
    port: real.port,
    pathname: real.pathname,
    search: real.search,
    hash: real.hash,
    replace,
    assign,
    reload,
    toString: () => real.href,
  });
  return { replace, assign, reload };
}
