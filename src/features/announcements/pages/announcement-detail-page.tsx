import { formatDateTime } from '@/lib/date-time';
import { UNTITLED_TEXT } from '@/lib/display-text';
import { useLocation, useSearchParams } from 'react-router';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { SafeHtml } from '@/components/safe-html';
import { paths } from '@/config/paths';
import { announcementQuery } from '@/api/announcements';
import { AttachmentList } from '../components/attachment-list';
import content from '@/styles/content.module.css';
import { useQuery } from '@tanstack/react-query';
import styles from '../announcements.module.css';

/** 公告详情: the announcement's rich content (sanitised) and its attachments. */
export default function AnnouncementDetailPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const id = searchParams.get('id') ?? '';
  const here = `${location.pathname}${location.search}`;
  const { data: announcement, isPending, error, refetch } = useQuery(announcementQuery(id));

  return (
    <PageShell fallbackPath={paths.announcement}>
      <AsyncView
        loading={id !== '' && isPending}
        error={error}
        empty={!announcement}
        emptyText="未找到该公告"
        onRetry={() => void refetch()}
      >
        {announcement && (
          <article className={content.article}>
            <h2 className={content.articleTitle}>{announcement.title || UNTITLED_TEXT}</h2>
            {announcement.publishedAt && (
              <p className={styles.meta}>
                发布于{' '}
                <time dateTime={announcement.publishedAt}>{formatDateTime(announcement.publishedAt)}</time>
              </p>
            )}
            <SafeHtml content={announcement.content} />
            <AttachmentList attachments={announcement.attachments ?? []} returnTo={here} />
          </article>
        )}
      </AsyncView>
    </PageShell>
  );
}
