import { useMatches } from 'react-router';
import type { UserAudience } from '@/config/audience';
import type { Audience } from '@/config/paths';
import { getSessionAudience } from '@/lib/session';

/** Route metadata, kept in each route's `handle` and read by the layout and by shared pages. */
export interface RouteMeta {
  /** Chinese page title (spec §2). */
  title: string;
  audience: Audience;
  /** Keep the page mounted (hidden) when leaving it, so its state and scroll survive a return. */
  keepAlive?: boolean;
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'audience' in handle;
}

/** The metadata of the deepest matched route, or undefined on the not-found page. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}

/**
 * Which group a shared page serves on this route. Pages used by both audiences branch on this; on a
 * route either group opens ('signed-in'), the signed-in group.
 */
export function useAudience(): UserAudience {
  const audience = useRouteMeta()?.audience;
  if (audience === 'signed-in') return getSessionAudience() ?? 'work';
  return audience === 'check' ? 'check' : 'work';
}
