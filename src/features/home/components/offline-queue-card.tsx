import { Button, Dialog } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { formatDateTime } from '@/lib/date-time';
import { toast } from '@/lib/feedback';
import { formatMaskedIdCard } from '@/lib/id-card';
import {
  discardQueueEntry,
  flushQueue,
  QUEUE_STATUS_LABELS,
  removeFinishedEntries,
  retryQueueEntry,
  useOfflineQueue,
  useQueueWaitLine,
  waitText,
  type QueueEntry,
} from '@/features/offline-queue';
import card from '@/styles/work-card.module.css';
import styles from './offline-queue-card.module.css';

function confirmClear(sent: number, failed: number): Promise<boolean> {
  if (failed === 0) return Promise.resolve(true);
  return Dialog.confirm({
    'aria-label': '清除已完成',
    title: '清除已完成',
    content: (
      <p className={styles.dialogText}>
        将删除{sent > 0 ? ` ${sent} 条已发送和` : ''} {failed}{' '}
        条发送失败的记录。发送失败的登记没有保存到系统，删除后如需登记请重新录入。
      </p>
    ),
    confirmText: '清除',
    cancelText: '取消',
  });
}

/** How long an unsent registration waits before it asks (lib/stored-queue.ts settleQueue), in days. */
const CONFIRM_DAYS = Math.round(config.queueConfirmAfterMs / 86_400_000);

function confirmDiscard(): Promise<boolean> {
  return Dialog.confirm({
    'aria-label': '删除这条登记',
    title: '删除这条登记',
    content: (
      <p className={styles.dialogText}>这条登记还没有发送，没有保存到系统。删除后如需登记请重新录入。</p>
    ),
    confirmText: '删除',
    cancelText: '取消',
  });
}

function EntryItem({ entry, now }: { entry: QueueEntry; now: number }) {
  // Gone once the entry is sent or removed: the phone keeps no name or ID number of it.
  const input = entry.registrationInput;
  const waiting = waitText(entry, now);
  return (
    <li className={card.item}>
      <div className={styles.itemHead}>
        <span className={card.name}>{input ? input.name : `采样管 ${entry.tubeCode}`}</span>
        <span className={`${styles.status} ${styles[entry.status]}`}>
          {QUEUE_STATUS_LABELS[entry.status]}
        </span>
      </div>
      <dl className={card.fields}>
        {input && (
          <>
            <dt>身份证号</dt>
            <dd>{formatMaskedIdCard(input.idCard)}</dd>
            <dt>采样管</dt>
            <dd className={styles.code}>{entry.tubeCode}</dd>
          </>
        )}
        <dt>保存时间</dt>
        <dd>{formatDateTime(entry.createdAt)}</dd>
      </dl>
      {entry.status === 'failed' && entry.lastError && (
        <p className={styles.reason}>原因：{entry.lastError}</p>
      )}
      {entry.status === 'stale' && (
        <p className={styles.reason}>
          保存已超过 {CONFIRM_DAYS} 天仍未发送。请核对后重新发送；不再需要的请删除。
        </p>
      )}
      {entry.status === 'removed' && (
        <p className={styles.note}>
          保存超过 {CONFIRM_DAYS * 2} 天没有发送，已从本机删除，没有保存到系统。如需登记请重新录入。
        </p>
      )}
      {entry.status === 'sent' && <p className={styles.note}>本机不再保存其姓名和证件号。</p>}
      {waiting && <p className={styles.note}>{waiting}</p>}
      {entry.status === 'pending' && entry.lastError && (
        <p className={styles.note}>上次尝试：{entry.lastError}</p>
      )}
      <div className={styles.itemActions}>
        {waiting && entry.waitingFor !== 'session' && (
          <Button size="small" color="primary" fill="outline" onClick={() => retryAndSend(entry.id)}>
            立即重试
          </Button>
        )}
        {(entry.status === 'failed' || entry.status === 'stale') && (
          <Button size="small" color="primary" fill="outline" onClick={() => retryAndSend(entry.id)}>
            重新发送
          </Button>
        )}
        {entry.status === 'stale' && (
          <Button
            size="small"
            color="danger"
            fill="outline"
            onClick={() => void confirmDiscard().then((yes) => yes && discardQueueEntry(entry.id))}
          >
            删除
          </Button>
        )}
        {entry.resultRegistrationId && (entry.status === 'sent' || entry.status === 'failed') && (
          <Link className={styles.link} to={withQuery(paths.infoDetail, { id: entry.resultRegistrationId })}>
            {entry.status === 'sent' ? '查看登记' : '查看已有登记'}
          </Link>
        )}
      </div>
    </li>
  );
}

function retryAndSend(id: string): void {
  retryQueueEntry(id);
  void flushQueue({ manual: true });
}

/**
 * The work home's view of the offline queue: how many registrations wait, a list of each with its
 * outcome, 立即发送 and 清除已完成. Showing it (first render or a keep-alive return) is a send trigger.
 */
export function OfflineQueueCard() {
  const queue = useOfflineQueue();
  // Entries that ask their owner to decide are shown with their buttons at once.
  const [open, setOpen] = useState(() => queue.staleCount > 0);
  const headingId = useId();
  const listId = useId();
  const { line: waitLine, now } = useQueueWaitLine(queue);

  useEffect(() => {
    void flushQueue();
  }, []);

  if (queue.entries.length === 0) return null;

  const heading =
    queue.pendingCount > 0
      ? `待发送 ${queue.pendingCount} 条`
      : queue.staleCount > 0
        ? `待确认 ${queue.staleCount} 条`
        : queue.failedCount > 0
          ? `发送失败 ${queue.failedCount} 条`
          : queue.removedCount > 0
            ? `已删除 ${queue.removedCount} 条`
            : '离线登记已全部发送';
  const lines: string[] = [];
  if (waitLine) lines.push(waitLine);
  if (queue.staleCount > 0)
    lines.push(`${queue.staleCount} 条登记保存已超过 ${CONFIRM_DAYS} 天仍未发送，请核对后重新发送或删除`);
  if (queue.failedCount > 0 && (queue.pendingCount > 0 || queue.staleCount > 0))
    lines.push(`另有 ${queue.failedCount} 条发送失败`);
  if (queue.failedCount > 0) lines.push('发送失败的登记请查看原因后处理');
  if (queue.removedCount > 0)
    lines.push(
      `${queue.removedCount} 条登记保存超过 ${CONFIRM_DAYS * 2} 天没有发送，已从本机删除，如需登记请重新录入`,
    );
  if (queue.sentCount > 0) lines.push(`已发送 ${queue.sentCount} 条`);
  const finished = queue.sentCount + queue.failedCount + queue.removedCount;

  const clearFinished = async () => {
    if (!(await confirmClear(queue.sentCount, queue.failedCount))) return;
    const removed = removeFinishedEntries();
    if (removed > 0) toast(`已清除 ${removed} 条记录`);
  };

  return (
    <section
      className={`${card.card} ${styles.card} ${
        queue.failedCount > 0 || queue.staleCount > 0
          ? styles.attention
          : queue.pendingCount === 0
            ? styles.done
            : ''
      }`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={card.heading}>
        {heading}
      </h2>
      <p className={card.summary} aria-live="polite">
        {lines.join('；')}
      </p>
      <div className={styles.actions}>
        <Button
          size="middle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? '收起明细' : '查看明细'}
        </Button>
        {queue.pendingCount > 0 && (
          <Button
            size="middle"
            color="primary"
            loading={queue.flushing}
            loadingText="正在发送"
            disabled={queue.flushing}
            onClick={() => void queue.flush()}
          >
            立即发送
          </Button>
        )}
      </div>
      <div id={listId} hidden={!open}>
        {open && (
          <>
            <ul className={card.list} aria-label="待发送登记明细">
              {queue.entries.map((entry) => (
                <EntryItem key={entry.id} entry={entry} now={now} />
              ))}
            </ul>
            {finished > 0 && (
              <Button block size="middle" className={styles.clear} onClick={() => void clearFinished()}>
                清除已完成
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
