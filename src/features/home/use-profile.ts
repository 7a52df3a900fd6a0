import { profileRead } from '@/features/auth';
import { useRead } from '@/lib/query-client';
import type { UserProfile } from '@/types/api';

export interface ProfileState {
  profile: UserProfile | undefined;
  loading: boolean;
  error: unknown;
  refresh: () => void;
}

/** The signed-in user's profile: the one login already loaded, else GetUserManageProfile (errors shown by the page). */
export function useProfile(): ProfileState {
  const { data, isPending, error, refetch } = useRead(profileRead);
  return { profile: data, loading: isPending, error, refresh: () => void refetch() };
}
