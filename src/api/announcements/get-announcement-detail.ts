import { request } from '@/lib/http';
import type { Announcement, AnnouncementDetailQuery, CallOptions } from '@/types/api';

const getAnnouncementDetailUrl = '/api/v1/Announcement/GetDetail';

/** 公告详情 GET /api/v1/Announcement/GetDetail */
export function getAnnouncementDetail(
  query: AnnouncementDetailQuery,
  options?: CallOptions,
): Promise<Announcement> {
  return request<Announcement>({ url: getAnnouncementDetailUrl, method: 'get', params: query, ...options });
}
