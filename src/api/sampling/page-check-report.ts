import { readKeys } from '../read-keys';
import { pagedQueryOptions } from '@/lib/paged-query';
import { request } from '@/lib/http';
import {
  checkReportPageSchema,
  type CallOptions,
  type CheckReport,
  type CheckReportPageQuery,
  type Page,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 检测报告分页 POST /api/v1/Sampling/PageCheckReport */
export function pageCheckReport(
  payload: CheckReportPageQuery,
  options?: CallOptions,
): Promise<Page<CheckReport>> {
  return request({
    schema: checkReportPageSchema,
    url: endpoints.pageCheckReport,
    method: 'post',
    data: payload,
    ...options,
  });
}

/** 检测报告: the reports matching a query as a paged list; nothing is asked without one. */
export const checkReportsQuery = (
  query: Omit<CheckReportPageQuery, 'pageIndex' | 'pageSize'> | null,
  pageSize?: number,
) =>
  pagedQueryOptions(
    [...readKeys.reports, 'list', query],
    query && ((page, call) => pageCheckReport({ ...query, ...page }, call)),
    pageSize,
  );
