import { request } from '@/lib/http';
import {
  registrationPageSchema,
  type CallOptions,
  type Page,
  type Registration,
  type RegistrationSearchPayload,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 登记查询 POST /api/v1/ScreeningRegister/Search */
export function searchRegistrations(
  payload: RegistrationSearchPayload,
  options?: CallOptions,
): Promise<Page<Registration>> {
  return request({
    schema: registrationPageSchema,
    url: endpoints.searchRegistrations,
    method: 'post',
    data: payload,
    ...options,
  });
}
