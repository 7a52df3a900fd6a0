import type { AnnouncementSummary } from '@/types/api';
import { pageAnnouncement } from '@/api/announcements';
import { useRead } from '@/lib/query-client';

export interface LatestAnnouncement {
  /** The newest announcement; undefined while loading, on error, or when there is none. */
  announcement: AnnouncementSummary | undefined;
  loading: boolean;
  error: unknown;
  refresh: () => void;
}

/** The newest announcement, for the work home page's notice. Errors are the caller's to show (silent). */
export function useLatestAnnouncement(): LatestAnnouncement {
  const { data, isFetching, error, refetch } = useRead({
    key: ['latest-announcement'],
    read: (call) => pageAnnouncement({ pageIndex: 1, pageSize: 1 }, call),
    silent: true,
  });
  return { announcement: data?.records[0], loading: isFetching, error, refresh: () => void refetch() };
}
