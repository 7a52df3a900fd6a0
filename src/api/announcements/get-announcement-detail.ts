import { readKeys } from '../read-keys';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { request } from '@/lib/http';
import {
  announcementSchema,
  type Announcement,
  type AnnouncementDetailQuery,
  type CallOptions,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 公告详情 GET /api/v1/Announcement/GetDetail */
export function getAnnouncementDetail(
  query: AnnouncementDetailQuery,
  options?: CallOptions,
): Promise<Announcement> {
  return request({
    schema: announcementSchema,
    url: endpoints.getAnnouncementDetail,
    method: 'get',
    params: query,
    ...options,
  });
}

/** One announcement as a read; nothing is asked without an id. */
export const announcementQuery = (id: string) =>
  queryOptions({
    queryKey: [...readKeys.announcements, 'detail', id],
    queryFn: id ? ({ signal }) => getAnnouncementDetail({ id }, { signal, silent: true }) : skipToken,
    meta: { silent: true },
  });
