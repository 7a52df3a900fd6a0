import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { SafeHtml } from '@/components/safe-html';
import { paths } from '@/config/paths';
import { getDownloadFailure, takeRetryRequest } from '@/lib/file-download';
import { getAnnouncementDetail } from '@/api/announcements';
import { AttachmentList, downloadAnnouncementAttachment } from '../components/attachment-list';
import content from '@/styles/content.module.css';
import styles from '../announcements.module.css';

/** 公告详情: the announcement's rich content (sanitised) and its attachments. */
export default function AnnouncementDetailPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = searchParams.get('id') ?? '';
  const here = `${location.pathname}${location.search}`;
  const {
    data: announcement,
    loading,
    error,
    refresh,
  } = useRequest(() => getAnnouncementDetail({ id }, { silent: true }), {
    ready: id !== '',
    refreshDeps: [id],
    onError: () => undefined,
  });

  useEffect(() => {
    // 重试 on /downErr after a reload comes back here to start the failed download again.
    if (!announcement) return;
    const failure = getDownloadFailure();
    const attachment = announcement.attachments.find((item) => item.fileName === failure?.fileName);
    if (attachment && takeRetryRequest(here)) void downloadAnnouncementAttachment(attachment, here, navigate);
  }, [announcement, here, navigate]);

  return (
    <PageShell fallbackPath={paths.announcement}>
      <AsyncView
        loading={id !== '' && (loading || !announcement)}
        error={error}
        empty={!announcement}
        emptyText="未找到该公告"
        onRetry={refresh}
      >
        {announcement && (
          <article className={content.article}>
            <h2 className={content.articleTitle}>{announcement.title}</h2>
            <p className={styles.meta}>
              发布于{' '}
              <time dateTime={announcement.publishedAt}>
                {dayjs(announcement.publishedAt).format('YYYY-MM-DD HH:mm')}
              </time>
            </p>
            <SafeHtml content={announcement.content} />
            <AttachmentList attachments={announcement.attachments ?? []} returnTo={here} />
          </article>
        )}
      </AsyncView>
    </PageShell>
  );
}
