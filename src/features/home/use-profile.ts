import { useRequest } from 'ahooks';
import { cachedProfile, loadProfile } from '@/features/auth';
import type { UserProfile } from '@/types/api';

export interface ProfileState {
  profile: UserProfile | undefined;
  loading: boolean;
  error: unknown;
  refresh: () => void;
}

/** The signed-in user's profile: the one login already loaded, else GetUserManageProfile (errors shown by the page). */
export function useProfile(): ProfileState {
  const { data, loading, error, refresh } = useRequest(() => loadProfile({ silent: true }), {
    manual: cachedProfile() !== null,
    // Shown by the page (error state with retry), not logged.
    onError: () => undefined,
  });
  const profile = data ?? cachedProfile() ?? undefined;
  return { profile, loading: !profile && loading, error: profile ? null : (error ?? null), refresh };
}
