import { audiencePages } from '@/config/audience';
import { Button, Tag } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { SafeHtml } from '@/components/safe-html';
import { paths, withQuery } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/http';
import { getSessionAudience } from '@/lib/session';
import { UNTITLED_TEXT } from '@/lib/display-text';
import { timeAgo } from '@/lib/time-ago';
import { formatDateTime } from '@/lib/date-time';
import type { SystemMessage } from '@/types/api';
import { messageQuery } from '@/api/messages';
import { messageTypeLabel, useMessageTypes } from '../message-types';
import { useMarkMessageRead, useUnreadCounts } from '../unread-messages';
import content from '@/styles/content.module.css';
import { useQuery } from '@tanstack/react-query';
import styles from '../messages.module.css';

/** 消息详情: one message; opening it marks it read (and every unread badge follows). */
export default function MessageDetailPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const types = useMessageTypes();
  const { data: message, isPending, error, refetch } = useQuery(messageQuery(id));

  // Why marking the message read failed (spec §8 message): shown quietly above the message with a retry,
  // so the reader keeps reading; the counts are back as the server has them.
  const [readFailure, setReadFailure] = useState<{ id: string; text: string } | null>(null);
  const unread = useUnreadCounts();
  const { mutateAsync: markRead } = useMarkMessageRead();
  const markAsRead = useCallback(
    (target: SystemMessage) => {
      markRead(target.id).catch((reason: unknown) => {
        // A lost session is handled by the session handler (the re-login returns here and marks it then).
        if (isApiError(reason) && (reason.kind === 'unauthorized' || reason.kind === 'canceled')) return;
        setReadFailure({ id: target.id, text: errorMessage(reason) });
      });
    },
    [markRead],
  );

  // Marked once per opening, when the unread messages say it is one (a failure offers the retry).
  const marked = useRef<string | null>(null);
  const unreadNow = message !== undefined && unread.isUnread(message);
  useEffect(() => {
    if (!message || !unreadNow || marked.current === message.id) return;
    marked.current = message.id;
    markAsRead(message);
  }, [message, unreadNow, markAsRead]);

  const reportPath = audiencePages(getSessionAudience() ?? 'work').reportDetail;

  return (
    <PageShell fallbackPath={paths.messageList}>
      <AsyncView
        loading={id !== '' && isPending}
        error={error}
        empty={!message}
        emptyText="未找到该消息"
        onRetry={() => void refetch()}
      >
        {message && readFailure?.id === message.id && (
          <div className={styles.readFailed} role="alert">
            <span>未能标记为已读：{readFailure.text}</span>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => {
                setReadFailure(null);
                markAsRead(message);
              }}
            >
              重新标记为已读
            </Button>
          </div>
        )}
        {message && (
          <article className={content.article}>
            <h2 className={content.articleTitle}>{message.title || UNTITLED_TEXT}</h2>
            <div className={styles.meta}>
              <Tag color="primary" fill="outline" className={styles.tag}>
                {messageTypeLabel(message.type, types)}
              </Tag>
              {message.sentAt && (
                <time dateTime={message.sentAt}>
                  {formatDateTime(message.sentAt)}（{timeAgo(message.sentAt)}）
                </time>
              )}
            </div>
            <SafeHtml content={message.content} format={message.contentFormat === 'html' ? 'html' : 'text'} />
            {message.reportId && (
              <Link className={styles.related} to={withQuery(reportPath, { id: message.reportId })}>
                查看检测报告 ›
              </Link>
            )}
          </article>
        )}
      </AsyncView>
    </PageShell>
  );
}
