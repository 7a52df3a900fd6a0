import { readKeys } from '../read-keys';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { request } from '@/lib/http';
import {
  registrationSchema,
  type CallOptions,
  type Id,
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

/** One registration as a read (信息详情, 绑定成功, 解绑采样管, 继续填写); nothing is asked without an id. */
export const registrationQuery = (id: Id | null) =>
  queryOptions({
    queryKey: [...readKeys.registrations, 'detail', id],
    queryFn: id ? ({ signal }) => getRegistrationDetail({ id }, { signal, silent: true }) : skipToken,
    meta: { silent: true },
  });
