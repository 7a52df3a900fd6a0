import { Button, Dialog } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AsyncView, ErrorState, InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { AnnouncementCard } from '@/features/announcements';
import { logout } from '@/features/auth';
import { useUnreadCounts } from '@/features/messages';
import { useOfflineQueue } from '@/features/offline-queue';
import { OfflineQueueCard } from '../components/offline-queue-card';
import { reloadApp, signOutDraftCount } from '@/lib/device-data';
import { showLoading, toastFail } from '@/lib/feedback';
import { errorMessage } from '@/lib/http';
import { getSessionOwner } from '@/lib/session';
import { UnreadBadge } from '../components/unread-badge';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '@/api/account/get-user-manage-profile';
import { latestAnnouncementQuery } from '@/api/announcements/page-announcement';
import styles from './work-home-page.module.css';

// The registration feature is not needed to show the home page: loaded after it, the line adds
// nothing to what the home page loads before it shows.
const loadRegistration = () => import('@/features/registration');
const PendingRegistrationsLine = lazy(() =>
  loadRegistration()
    .then((registration) => registration.loadPendingRegistrationsLine())
    .then((module) => ({ default: module.PendingRegistrationsLine })),
);

interface Entry {
  label: string;
  hint: string;
  to: string;
  /** Shows the unread message count. */
  unread?: boolean;
}

const ENTRIES: readonly Entry[] = [
  { label: '信息录入', hint: '登记受检者，绑定采样管', to: paths.infoEnter },
  { label: '信息查询', hint: '查登记和采样管状态', to: paths.infoSearch },
  { label: '报告查询', hint: '查检测报告', to: paths.searchType },
  { label: '历史问卷', hint: '查已填的问卷', to: paths.questionnaireList },
  { label: '消息', hint: '报告通知和提醒', to: paths.messageType, unread: true },
  { label: '公告', hint: '通知和文件', to: paths.announcement },
];

/**
 * /workUser: who is signed in, unread messages, how many registrations wait to be submitted, an entry to
 * every function, registrations waiting in the offline queue, the newest announcement.
 */
export default function WorkHomePage() {
  const { data: profile, isPending, error, refetch } = useQuery(profileQuery());
  const unread = useUnreadCounts();
  const latest = useQuery(latestAnnouncementQuery());
  const queue = useOfflineQueue();

  // LoginOut, then a full load of /login. Every read of the session is reset as its token goes
  // (lib/query-client.ts), and the load leaves nothing of it in memory.
  const signOut = useMutation({ mutationFn: logout, onSettled: () => reloadApp(paths.login) });
  const queryClient = useQueryClient();
  const leave = () => signOut.mutateAsync();

  /** 保存到服务器后退出: the unfinished registration goes to 待提交登记 first; a failure keeps everyone here. */
  const saveThenLeave = async () => {
    const hide = showLoading('正在保存');
    try {
      await (await loadRegistration()).saveWorkRegistrationToServer(queryClient);
    } catch (error) {
      hide();
      // Still signed in, nothing removed: the user may try again or choose 放弃并退出.
      toastFail(`没有保存到服务器：${errorMessage(error)}`);
      return;
    }
    hide();
    await leave();
  };

  // Sign-out removes this account's data from the phone (shared by several staff; other accounts' work
  // stays): its unsent work is named first, with the chance to send it.
  const confirmLogout = async () => {
    const { hasUnsavedWorkRegistration } = await loadRegistration();
    const unsent = queue.pendingCount + queue.failedCount;
    const drafts = signOutDraftCount(getSessionOwner());
    if (unsent === 0 && drafts === 0) {
      void Dialog.confirm({
        // antd-mobile's dialog has no accessible name of its own.
        'aria-label': '退出登录',
        title: '退出登录',
        content: '确定要退出登录吗？',
        confirmText: '退出',
        cancelText: '取消',
        onConfirm: leave,
      });
      return;
    }
    const parts = [
      unsent > 0 ? `${unsent} 条登记未上传` : '',
      drafts > 0 ? `${drafts} 项填写内容未提交` : '',
    ].filter(Boolean);
    Dialog.show({
      'aria-label': '退出登录',
      title: '还有未完成的工作',
      content: `本机还有${parts.join('，')}。退出后，这些内容会从本机删除，其他人登录也看不到。`,
      closeOnAction: true,
      actions: [
        ...(unsent > 0
          ? [{ key: 'upload', text: '立即上传', bold: true, onClick: () => void queue.flush() }]
          : []),
        ...(hasUnsavedWorkRegistration()
          ? [{ key: 'save', text: '保存到服务器后退出', onClick: () => void saveThenLeave() }]
          : []),
        { key: 'discard', text: '放弃并退出', danger: true, onClick: leave },
        { key: 'cancel', text: '取消' },
      ],
    });
  };

  return (
    <PageShell back={false}>
      <section className={styles.greeting} aria-label="当前用户">
        <AsyncView loading={isPending} error={error} empty={!profile} onRetry={() => void refetch()}>
          <p className={styles.hello}>您好，{profile?.name}</p>
          {profile?.institutionName && <p className={styles.org}>{profile.institutionName}</p>}
        </AsyncView>
      </section>

      {unread.total > 0 && (
        <Link className={styles.unreadNotice} to={paths.messageType}>
          您有 {unread.total} 条未读消息
          <span aria-hidden="true"> ›</span>
        </Link>
      )}

      <Suspense fallback={null}>
        <PendingRegistrationsLine />
      </Suspense>

      <nav aria-label="功能">
        <ul className={styles.grid}>
          {ENTRIES.map((entry) => (
            <li key={entry.to}>
              <Link className={styles.tile} to={entry.to}>
                <span className={styles.tileLabel}>
                  {entry.label}
                  {entry.unread && <UnreadBadge count={unread.total} />}
                </span>
                <span className={styles.tileHint}>{entry.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {/* After the actions: its list of people grows with what is waiting, and the actions stay on the
          first screen whatever is waiting. */}
      <OfflineQueueCard />

      <section className={styles.section} aria-labelledby="work-home-announcement">
        <div className={styles.sectionHead}>
          <h2 id="work-home-announcement" className={styles.sectionTitle}>
            最新公告
          </h2>
          <Link to={paths.announcement} className={styles.more}>
            全部公告
          </Link>
        </div>
        {latest.data ? (
          <AnnouncementCard announcement={latest.data} />
        ) : latest.isPending ? (
          <InlineLoading />
        ) : latest.error ? (
          <ErrorState title="公告加载失败" error={latest.error} onRetry={() => void latest.refetch()} />
        ) : (
          <p className={styles.empty}>暂无公告</p>
        )}
      </section>

      <Button
        block
        size="large"
        className={styles.logout}
        loading={signOut.isPending}
        onClick={() => void confirmLogout()}
      >
        退出登录
      </Button>
    </PageShell>
  );
}
