import { request } from '@/lib/http';
import {
  announcementPageSchema,
  type AnnouncementPageQuery,
  type AnnouncementSummary,
  type CallOptions,
  type Page,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 公告分页 POST /api/v1/Announcement/Page */
export function pageAnnouncement(
  payload: AnnouncementPageQuery,
  options?: CallOptions,
): Promise<Page<AnnouncementSummary>> {
  return request({
    schema: announcementPageSchema,
    url: endpoints.pageAnnouncement,
    method: 'post',
    data: payload,
    ...options,
  });
}
