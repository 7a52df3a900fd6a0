import { formatDate } from '@/lib/date-time';
import { Link } from 'react-router';
import { paths, withQuery } from '@/config/paths';
import { UNTITLED_TEXT } from '@/lib/display-text';
import type { AnnouncementSummary } from '@/types/api';
import content from '@/styles/content.module.css';
import styles from '../announcements.module.css';

/** One announcement in the list: title, preview, date and how many attachments it has. */
export function AnnouncementCard({ announcement }: { announcement: AnnouncementSummary }) {
  const attachmentCount = announcement.attachments?.length ?? 0;
  return (
    <Link className={content.card} to={withQuery(paths.announcementDetail, { id: announcement.id })}>
      <span className={styles.cardTitle}>{announcement.title || UNTITLED_TEXT}</span>
      {announcement.summary && <span className={content.cardSummary}>{announcement.summary}</span>}
      <span className={styles.cardMeta}>
        {announcement.publishedAt && (
          <time dateTime={announcement.publishedAt}>{formatDate(announcement.publishedAt)}</time>
        )}
        {attachmentCount > 0 && <span>附件 {attachmentCount} 个</span>}
      </span>
    </Link>
  );
}
