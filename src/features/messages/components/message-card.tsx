import { Link } from 'react-router';
import { paths, withQuery } from '@/config/paths';
import { UNTITLED_TEXT } from '@/lib/display-text';
import { timeAgo } from '@/lib/time-ago';
import type { SystemMessage } from '@/types/api';
import content from '@/styles/content.module.css';
import styles from '../messages.module.css';

export interface MessageCardProps {
  message: SystemMessage;
  /** Not among the unread messages (useUnreadCounts' isUnread). */
  read: boolean;
}

/** One message in a list: unread marker, title, preview and how long ago it was sent. */
export function MessageCard({ message, read }: MessageCardProps) {
  return (
    <Link className={content.card} to={withQuery(paths.messageDetail, { id: message.id })}>
      <span className={styles.cardHead}>
        {!read && (
          <>
            <span className={styles.dot} aria-hidden="true" />
            <span className="visually-hidden">未读</span>
          </>
        )}
        <span className={`${styles.cardTitle} ${read ? styles.cardTitleRead : ''}`}>
          {message.title || UNTITLED_TEXT}
        </span>
      </span>
      {message.summary && <span className={content.cardSummary}>{message.summary}</span>}
      {message.sentAt && (
        <time className={styles.cardTime} dateTime={message.sentAt}>
          {timeAgo(message.sentAt)}
        </time>
      )}
    </Link>
  );
}
