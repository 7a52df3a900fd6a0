import { cachedProfile, loadProfile } from '@/features/auth';
import type { UserProfile } from '@/types/api';
import { useApiRequest } from '@/lib/use-api-request';

export interface ProfileState {
  profile: UserProfile | undefined;
  loading: boolean;
  error: unknown;
  refresh: () => void;
}

/** The signed-in user's profile: the one login already loaded, else GetUserManageProfile (errors shown by the page). */
export function useProfile(): ProfileState {
  const { data, loading, error, refresh } = useApiRequest(() => loadProfile({ silent: true }), {
    manual: cachedProfile() !== null,
  });
  const profile = data ?? cachedProfile() ?? undefined;
  return { profile, loading: !profile && loading, error: profile ? null : (error ?? null), refresh };
}
