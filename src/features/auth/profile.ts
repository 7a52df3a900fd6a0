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

/** The current session's profile: the answer kept, the request under way, or a new one. */
export function loadProfile(): Promise<UserProfile> {
  return queryClient.fetchQuery(sessionQuery(profileRead));
}
