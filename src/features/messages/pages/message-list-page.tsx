import { useSearchParams } from 'react-router';
import { PagedList, usePagedList } from '@/components/paged-list';
import { PageShell } from '@/components/page-shell';
import type { SystemMessage } from '@/types/api';
import { recipientMessagesQuery } from '@/api/messages';
import { MessageCard } from '../components/message-card';
import { isMessageType, messageTypeLabel, useMessageTypes } from '../message-types';
import { useUnreadCounts } from '../unread-messages';
import styles from '../messages.module.css';

/** 消息列表: the user's messages, newest first, of one type (`?type=`) or all. */
export default function MessageListPage() {
  const [searchParams] = useSearchParams();
  const rawType = searchParams.get('type');
  const type = isMessageType(rawType) ? rawType : undefined;
  const types = useMessageTypes();
  const counts = useUnreadCounts();
  const label = type ? messageTypeLabel(type, types) : '全部消息';
  // Undefined for a type when the messages carry none the app knows: only the total is known then.
  const unread = type ? counts.byType[type] : counts.total;

  const list = usePagedList<SystemMessage>(recipientMessagesQuery(type));

  return (
    <PageShell>
      <p className={styles.summary} aria-live="polite">
        {label}
        {counts.loaded && unread !== undefined && (unread > 0 ? `，${unread} 条未读` : '，没有未读')}
      </p>
      <PagedList
        list={list}
        label={label}
        itemKey={(message) => message.id}
        emptyText="暂无消息"
        renderItem={(message) => <MessageCard message={message} read={!counts.isUnread(message)} />}
      />
    </PageShell>
  );
}
