import { readKeys } from '../read-keys';
import { pagedQueryOptions } from '@/lib/paged-query';
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

/** 信息查询: registrations matching a search (or the newest, without one) as a paged list. */
export const registrationsQuery = (
  search: Pick<RegistrationSearchPayload, 'keyword' | 'searchType'>,
  pageSize?: number,
) =>
  pagedQueryOptions(
    [...readKeys.registrations, 'search', search],
    (page, call) => searchRegistrations({ ...page, ...search }, call),
    pageSize,
  );
