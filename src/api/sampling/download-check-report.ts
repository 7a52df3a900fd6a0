import { requestBinary } from '@/lib/http';
import type { BinaryFile } from '@/lib/http';
import type { CallOptions, DownloadCheckReportQuery } from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 下载检测报告 GET /api/v1/Sampling/DownloadCheckReport
 * Resolves with the PDF bytes untouched (spec §7: arraybuffer); a failure envelope rejects like any call.
 */
export function downloadCheckReport(
  query: DownloadCheckReportQuery,
  options?: CallOptions,
): Promise<BinaryFile<ArrayBuffer>> {
  return requestBinary<ArrayBuffer>({
    url: endpoints.downloadCheckReport,
    method: 'get',
    params: query,
    responseType: 'arraybuffer',
    ...options,
  });
}
