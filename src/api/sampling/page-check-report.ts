import { request } from '@/lib/http';
import type { CallOptions, CheckReport, CheckReportPageQuery, Page } from '@/types/api';

const pageCheckReportUrl = '/api/v1/Sampling/PageCheckReport';

/** 检测报告分页 POST /api/v1/Sampling/PageCheckReport */
export function pageCheckReport(
  payload: CheckReportPageQuery,
  options?: CallOptions,
): Promise<Page<CheckReport>> {
  return request<Page<CheckReport>>({ url: pageCheckReportUrl, method: 'post', data: payload, ...options });
}
