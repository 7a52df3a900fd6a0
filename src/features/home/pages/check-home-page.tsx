import { Link } from 'react-router';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { useUnreadCounts } from '@/features/messages';
import { selectMyReports } from '@/features/reports';
import { labelOf } from '@/types/api';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '@/api/account/get-user-manage-profile';
import {
  describeHome,
  REGISTRATION_TEXT,
  type ReportsEntry,
  type ResultTone,
  type Screening,
  type Todo,
} from '../check-overview';
import { CheckSessionBar } from '../components/check-session-bar';
import { UnreadBadge } from '../components/unread-badge';
import { checkOverviewQuery } from '../check-overview-query';
import styles from './check-home-page.module.css';

interface EntryLink {
  label: string;
  hint: string;
  to: string;
  onClick?: () => void;
}

/** Until the overview has come, 查看报告 is the choice of how to look reports up. */
const CHOOSE_REPORTS: ReportsEntry = { to: paths.checkUserSearchType };

function entriesFor(reports: ReportsEntry): EntryLink[] {
  return [
    { label: '登记信息', hint: '填写筛查登记', to: paths.checkUserInfoEnter },
    { label: '查询登记', hint: '看登记和采样管情况', to: paths.checkUserInfoSearch },
    {
      label: '查看报告',
      hint: '看检测结果',
      to: reports.to,
      onClick: reports.mine ? selectMyReports : undefined,
    },
    { label: '我的问卷', hint: '看填过的问卷', to: paths.checkUserQuestionnaireList },
  ];
}

const TONE_CLASS: Record<ResultTone, string | undefined> = {
  positive: styles.positive,
  negative: styles.negative,
  other: styles.otherResult,
  none: undefined,
};

function PersonCard({ screening }: { screening: Screening }) {
  const { registration, name, own } = screening;
  const tone = TONE_CLASS[screening.resultTone];
  return (
    <article className={styles.card} aria-label={name ? `${name}的筛查情况` : '筛查情况'}>
      <h3 className={styles.person}>
        {name || '—'}
        {own && <span className={styles.own}>本人</span>}
      </h3>
      <p className={styles.stage}>{screening.stageText}</p>
      <dl className={styles.facts}>
        <div>
          <dt>登记</dt>
          <dd>{labelOf(REGISTRATION_TEXT, registration.status)}</dd>
        </div>
        <div>
          <dt>采样管</dt>
          <dd>{screening.tubeText}</dd>
        </div>
        <div>
          <dt>检测结果</dt>
          <dd>
            {tone ? <strong className={tone}>{screening.resultText}</strong> : screening.resultText}
            {screening.resultDate && <span className={styles.date}>{screening.resultDate}</span>}
          </dd>
        </div>
      </dl>
      <div className={styles.cardActions}>
        {screening.reportLink && (
          <Link className={styles.primaryLink} to={screening.reportLink}>
            查看报告
          </Link>
        )}
        <Link
          className={styles.secondaryLink}
          to={withQuery(paths.checkUserInfoDetail, { id: registration.id })}
        >
          登记详情
        </Link>
      </div>
    </article>
  );
}

function TodoItem({ todo }: { todo: Todo }) {
  return (
    <li className={todo.urgent ? `${styles.todo} ${styles.urgent}` : styles.todo}>
      <p className={styles.todoTitle}>{todo.title}</p>
      <p className={styles.todoText}>{todo.text}</p>
      <Link className={styles.primaryLink} to={todo.to}>
        {todo.action}
      </Link>
    </li>
  );
}

/**
 * /checkUser: for someone who may be using a phone for the first time: large text, plain words, the
 * state of their screening at a glance, and what to do next as one big button each.
 */
export default function CheckHomePage() {
  const { data: profile } = useQuery(profileQuery());
  // Errors are shown by AsyncView with a retry, not logged.
  const overview = useQuery(checkOverviewQuery());
  const unread = useUnreadCounts();
  const data = overview.data;
  const home = data ? describeHome({ ...data, ownRegistrationId: profile?.registrationId }) : undefined;
  const screenings = home?.screenings ?? [];
  const todos = home?.todos ?? [];

  return (
    <PageShell back={false}>
      <div className={styles.page}>
        <p className={styles.hello}>{profile?.name ? `${profile.name}，您好` : '您好'}</p>
        <CheckSessionBar />

        <AsyncView
          loading={overview.isPending}
          error={overview.error}
          empty={!data}
          onRetry={() => void overview.refetch()}
        >
          {screenings.length > 0 && (
            <section aria-labelledby="check-home-status">
              <h2 id="check-home-status" className={styles.heading}>
                我的筛查
              </h2>
              {screenings.map((screening) => (
                <PersonCard key={screening.registration.id} screening={screening} />
              ))}
            </section>
          )}

          <section aria-labelledby="check-home-todos">
            <h2 id="check-home-todos" className={styles.heading}>
              待办事项
            </h2>
            {todos.length > 0 ? (
              <ul className={styles.todos}>
                {todos.map((todo) => (
                  <TodoItem key={todo.key} todo={todo} />
                ))}
              </ul>
            ) : (
              <p className={styles.noTodo}>现在没有需要您办理的事情。</p>
            )}
          </section>
        </AsyncView>

        <nav aria-labelledby="check-home-entries">
          <h2 id="check-home-entries" className={styles.heading}>
            常用功能
          </h2>
          <ul className={styles.entries}>
            {entriesFor(home?.reportsEntry ?? CHOOSE_REPORTS).map((entry) => (
              <li key={entry.label}>
                <Link className={styles.entry} to={entry.to} onClick={entry.onClick}>
                  <span className={styles.entryLabel}>{entry.label}</span>
                  <span className={styles.entryHint}>{entry.hint}</span>
                  <span className={styles.arrow} aria-hidden="true">
                    ›
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link className={styles.entry} to={paths.messageType}>
                <span className={styles.entryLabel}>
                  我的消息
                  <UnreadBadge count={unread.total} />
                </span>
                <span className={styles.entryHint}>
                  {unread.total > 0 ? `有 ${unread.total} 条没看` : '报告通知和提醒'}
                </span>
                <span className={styles.arrow} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </PageShell>
  );
}
