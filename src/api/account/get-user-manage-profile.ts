import { readKeys } from '../read-keys';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userProfileSchema, type CallOptions, type UserProfile } from '@/types/api';
import * as endpoints from '../endpoints';

/** 当前用户信息 GET /api/v1/Account/GetUserManageProfile */
export function getUserManageProfile(options?: CallOptions): Promise<UserProfile> {
  return request({
    schema: userProfileSchema,
    url: endpoints.getUserManageProfile,
    method: 'get',
    ...options,
  });
}

/**
 * The signed-in user's profile as a read, once per session: a sign-in starts it, the homes and the
 * questionnaire plan take that answer. The page shows a failure itself.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: readKeys.profile,
    queryFn: ({ signal }) => getUserManageProfile({ signal, silent: true }),
    meta: { silent: true },
    staleTime: Infinity,
    gcTime: Infinity,
  });
