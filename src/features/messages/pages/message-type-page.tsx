import { Link } from 'react-router';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { useMessageTypes } from '../message-types';
import { useQuery } from '@tanstack/react-query';
import { unreadMessagesQuery, useUnreadCounts } from '../unread-messages';
import styles from '../messages.module.css';

function UnreadCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className={styles.count}>
      <span className="visually-hidden">，</span>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">条未读</span>
    </span>
  );
}

/** 消息: the message types with their unread counts. */
export default function MessageTypePage() {
  const types = useMessageTypes();
  const unread = useQuery(unreadMessagesQuery());
  const counts = useUnreadCounts();

  return (
    <PageShell>
      <AsyncView
        loading={unread.isPending}
        error={unread.error}
        empty={!counts.loaded}
        onRetry={() => void unread.refetch()}
      >
        <p className={styles.summary} aria-live="polite">
          {counts.total > 0 ? `共 ${counts.total} 条未读消息` : '没有未读消息'}
        </p>
        <nav aria-label="消息类型">
          <ul className={styles.rows}>
            {types.map(({ type, label }) => (
              <li key={type}>
                <Link className={styles.row} to={withQuery(paths.messageList, { type })}>
                  <span className={styles.rowLabel}>{label}</span>
                  <UnreadCount count={counts.byType[type]} />
                  <span className={styles.arrow} aria-hidden="true">
                    ›
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link className={styles.row} to={paths.messageList}>
                <span className={styles.rowLabel}>全部消息</span>
                <UnreadCount count={counts.total} />
                <span className={styles.arrow} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          </ul>
        </nav>
      </AsyncView>
    </PageShell>
  );
}
