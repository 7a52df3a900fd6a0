import { request } from '@/lib/http';
import type { AnnouncementPageQuery, AnnouncementSummary, CallOptions, Page } from '@/types/api';

const pageAnnouncementUrl = '/api/v1/Announcement/Page';

/** 公告分页 POST /api/v1/Announcement/Page */
export function pageAnnouncement(
  payload: AnnouncementPageQuery,
  options?: CallOptions,
): Promise<Page<AnnouncementSummary>> {
  return request<Page<AnnouncementSummary>>({
    url: pageAnnouncementUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
