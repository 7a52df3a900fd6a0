import { requestBinary } from '@/lib/http';
import type { BinaryFile } from '@/lib/http';
import type { CallOptions, DownloadAttachmentQuery } from '@/types/api';
import * as endpoints from '../endpoints';

/** The path is spelled "Attachement" on the server (spec §7); keep it. */
/**
 * 下载公告附件 GET /api/v1/Attachement/Download
 * Resolves with the file untouched (spec §7: blob); a failure envelope rejects like any call.
 */
export function downloadAttachment(
  query: DownloadAttachmentQuery,
  options?: CallOptions,
): Promise<BinaryFile<Blob>> {
  return requestBinary<Blob>({
    url: endpoints.downloadAttachment,
    method: 'get',
    params: query,
    responseType: 'blob',
    ...options,
  });
}
