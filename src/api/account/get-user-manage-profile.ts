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
