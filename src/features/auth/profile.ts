import { getUserManageProfile } from '@/api/account/get-user-manage-profile';
import { getToken } from '@/lib/token';
import type { CallOptions, UserProfile } from '@/types/api';

/**
 * The signed-in user's profile, kept in memory for the session that loaded it: login starts loading it
 * and the home page uses that request (or its answer) instead of asking again. A new token (another
 * login) never sees the previous user's profile.
 */
let cached: { token: string; profile: UserProfile } | null = null;
/** The request under way for a token: a second caller shares it rather than sending another. */
let pending: { token: string; promise: Promise<UserProfile> } | null = null;

/** GetUserManageProfile for the current session; remembers the result. */
export function loadProfile(options?: CallOptions): Promise<UserProfile> {
  const token = getToken();
  if (token && pending?.token === token) return pending.promise;
  const promise = getUserManageProfile(options)
    .then((profile) => {
      if (token && token === getToken()) cached = { token, profile };
      return profile;
    })
    .finally(() => {
      if (pending?.promise === promise) pending = null;
    });
  if (token) pending = { token, promise };
  return promise;
}

/** The profile loaded for the current token, if any. */
export function cachedProfile(): UserProfile | null {
  const token = getToken();
  return cached && token && cached.token === token ? cached.profile : null;
}

export function forgetProfile(): void {
  cached = null;
  pending = null;
}
