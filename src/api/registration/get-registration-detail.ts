import { request } from '@/lib/http';
import {
  registrationSchema,
  type CallOptions,
  type Registration,
  type RegistrationDetailQuery,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 登记详情 GET /api/v1/ScreeningRegister/GetDetail */
export function getRegistrationDetail(
  query: RegistrationDetailQuery,
  options?: CallOptions,
): Promise<Registration> {
  return request({
    schema: registrationSchema,
    url: endpoints.getRegistrationDetail,
    method: 'get',
    params: query,
    ...options,
  });
}
