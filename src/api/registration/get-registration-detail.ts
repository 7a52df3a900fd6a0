import { request } from '@/lib/http';
import type { CallOptions, Registration, RegistrationDetailQuery } from '@/types/api';

const getRegistrationDetailUrl = '/api/v1/ScreeningRegister/GetDetail';

/** 登记详情 GET /api/v1/ScreeningRegister/GetDetail */
export function getRegistrationDetail(
  query: RegistrationDetailQuery,
  options?: CallOptions,
): Promise<Registration> {
  return request<Registration>({ url: getRegistrationDetailUrl, method: 'get', params: query, ...options });
}
