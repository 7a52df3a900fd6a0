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
