import { getUserManageProfile } from '@/api/account/get-user-manage-profile';
import { getToken } from '@/lib/token';
import type { CallOptions, UserProfile } from '@/types/api';

/**
 * The signed-in user's profile, kept in memory for the session that loaded it: login loads it once and
 * the home page shows the name at once instead of asking again. A new token (another login) never
 * sees the previous user's profile.
 */
let cached: { token: string; profile: UserProfile } | null = null;

/** GetUserManageProfile for the current session; remembers the result. */
export async function loadProfile(options?: CallOptions): Promise<UserProfile> {
  const token = getToken();
  const profile = await getUserManageProfile(options);
  if (token && token === getToken()) cached = { token, profile };
  return profile;
}

/** The profile loaded for the current token, if any. */
export function cachedProfile(): UserProfile | null {
  const token = getToken();
  return cached && token && cached.token === token ? cached.profile : null;
}

export function forgetProfile(): void {
  cached = null;
}
