import { readKeys } from '../read-keys';
import { pagedQueryOptions } from '@/lib/paged-query';
import { queryOptions } from '@tanstack/react-query';
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

/** The newest announcement (the work home's notice): a page of one. */
export const latestAnnouncementQuery = () =>
  queryOptions({
    queryKey: [...readKeys.announcements, 'latest'],
    queryFn: ({ signal }) => pageAnnouncement({ pageIndex: 1, pageSize: 1 }, { signal, silent: true }),
    select: (page) => page.records[0] ?? null,
    meta: { silent: true },
  });

/** 公告: the published announcements as a paged list. */
export const announcementsQuery = () =>
  pagedQueryOptions([...readKeys.announcements, 'list'], (page, call) => pageAnnouncement(page, call));
