import { PagedList, usePagedList } from '@/components/paged-list';
import { PageShell } from '@/components/page-shell';
import type { AnnouncementSummary } from '@/types/api';
import { announcementsQuery } from '@/api/announcements';
import { AnnouncementCard } from '../components/announcement-card';

/** 公告: published announcements, newest first (the server's order). */
export default function AnnouncementListPage() {
  const list = usePagedList<AnnouncementSummary>(announcementsQuery());

  return (
    <PageShell>
      <PagedList
        list={list}
        label="公告列表"
        itemKey={(announcement) => announcement.id}
        emptyText="暂无公告"
        renderItem={(announcement) => <AnnouncementCard announcement={announcement} />}
      />
    </PageShell>
  );
}
