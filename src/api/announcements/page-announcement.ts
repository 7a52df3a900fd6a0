import { request } from '@/lib/http';
import {
  announcementPageSchema,
  type AnnouncementPageQuery,
  type AnnouncementSummary,
  type CallOptions,
  type Page,
} from '@/types/api';

const pageAnnouncementUrl = '/api/v1/Announcement/Page';

/** 公告分页 POST /api/v1/Announcement/Page */
export function pageAnnouncement(
  payload: AnnouncementPageQuery,
  options?: CallOptions,
): Promise<Page<AnnouncementSummary>> {
  return request({
    schema: announcementPageSchema,
    url: pageAnnouncementUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
