import { request } from '@/lib/http';
import { userProfileSchema, type CallOptions, type UserProfile } from '@/types/api';

const getUserManageProfileUrl = '/api/v1/Account/GetUserManageProfile';

/** 当前用户信息 GET /api/v1/Account/GetUserManageProfile */
export function getUserManageProfile(options?: CallOptions): Promise<UserProfile> {
  return request({ schema: userProfileSchema, url: getUserManageProfileUrl, method: 'get', ...options });
}
