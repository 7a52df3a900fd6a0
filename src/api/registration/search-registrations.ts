import { request } from '@/lib/http';
import type { CallOptions, Page, Registration, RegistrationSearchPayload } from '@/types/api';

const searchRegistrationsUrl = '/api/v1/ScreeningRegister/Search';

/** 登记查询 POST /api/v1/ScreeningRegister/Search */
export function searchRegistrations(
  payload: RegistrationSearchPayload,
  options?: CallOptions,
): Promise<Page<Registration>> {
  return request<Page<Registration>>({
    url: searchRegistrationsUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
