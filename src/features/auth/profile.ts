import { getUserManageProfile } from '@/api/account/get-user-manage-profile';
import { queryClient, sessionQuery, type Read } from '@/lib/query-client';
import type { UserProfile } from '@/types/api';

/**
 * The signed-in user's profile (GetUserManageProfile), read once per session: login starts it, and the
 * home and the questionnaire plan take that answer. The page shows a failure itself.
 */
export const profileRead: Read<UserProfile> = {
  key: ['profile'],
  read: getUserManageProfile,
  silent: true,
  staleTime: Infinity,
};

/**
 * The current session's profile: the answer kept, the request under way, or a new one. Given a
 * `timeout`, the caller owns the retries (the sign-in's `retryUntil` within its deadline): one try, no
 * longer than that.
 */
export function loadProfile({ timeout }: { timeout?: number } = {}): Promise<UserProfile> {
  if (timeout === undefined) return queryClient.fetchQuery(sessionQuery(profileRead));
  const oneTry = sessionQuery({ ...profileRead, read: (call) => getUserManageProfile({ ...call, timeout }) });
  return queryClient.fetchQuery({ ...oneTry, retry: false });
}
