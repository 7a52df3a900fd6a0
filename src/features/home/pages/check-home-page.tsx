import dayjs from 'dayjs';
import { Link } from 'react-router';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { useUnreadCounts } from '@/features/messages';
import { labelOf, REPORT_RESULT_LABELS, type CheckReport, type Registration } from '@/types/api';
import { useApiRequest } from '@/lib/use-api-request';
import {
  buildTodos,
  latestReportFor,
  REGISTRATION_TEXT,
  stageOf,
  STAGE_TEXT,
  type Todo,
} from '../check-overview';
import { CheckSessionBar } from '../components/check-session-bar';
import { UnreadBadge } from '../components/unread-badge';
import { loadCheckOverview } from '../load-check-overview';
import { useProfile } from '../use-profile';
import styles from './check-home-page.module.css';

function formatDate(value: string | undefined): string {
  return value ? dayjs(value).format('YYYY年M月D日') : '';
}

interface EntryLink {
  label: string;
  hint: string;
  to: string;
}

const ENTRIES: readonly EntryLink[] = [
  { label: '登记信息', hint: '填写筛查登记', to: paths.checkUserInfoEnter },
  { label: '查询登记', hint: '看登记和采样管情况', to: paths.checkUserInfoSearch },
  { label: '查看报告', hint: '看检测结果', to: paths.checkUserSearchType },
  { label: '我的问卷', hint: '看填过的问卷', to: paths.checkUserQuestionnaireList },
];

function PersonCard({
  registration,
  report,
  own,
}: {
  registration: Registration;
  report?: CheckReport;
  own: boolean;
}) {
  const stage = stageOf(registration);
  const tube = registration.tube;
  return (
    <article className={styles.card} aria-label={`${registration.name}的筛查情况`}>
      <h3 className={styles.person}>
        {registration.name}
        {own && <span className={styles.own}>本人</span>}
      </h3>
      <p className={styles.stage}>{labelOf(STAGE_TEXT, stage)}</p>
      <dl className={styles.facts}>
        <div>
          <dt>登记</dt>
          <dd>{labelOf(REGISTRATION_TEXT, registration.status)}</dd>
        </div>
        <div>
          <dt>采样管</dt>
          <dd>
            {tube && stage !== 'no-tube' && stage !== 'draft'
              ? `${labelOf(STAGE_TEXT, stage)}（${tube.code}）`
              : '还没有绑定'}
          </dd>
        </div>
        <div>
          <dt>检测结果</dt>
          <dd>
            {report ? (
              <>
                <strong className={report.result === 'positive' ? styles.positive : styles.negative}>
                  {labelOf(REPORT_RESULT_LABELS, report.result)}
                </strong>
                <span className={styles.date}>（{formatDate(report.reportedAt)}出报告）</span>
              </>
            ) : (
              '还没有结果'
            )}
          </dd>
        </div>
      </dl>
      <div className={styles.cardActions}>
        {report && (
          <Link className={styles.primaryLink} to={withQuery(paths.checkUserRepoetDetail, { id: report.id })}>
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
  const { profile } = useProfile();
  // Errors are shown by AsyncView with a retry, not logged.
  const overview = useApiRequest(loadCheckOverview);
  const unread = useUnreadCounts();
  const data = overview.data;
  const ownId = profile?.registrationId;
  // The user's own registration first, then the ones they entered for family, newest first.
  const registrations = data
    ? [...data.registrations].sort((a, b) => Number(b.id === ownId) - Number(a.id === ownId))
    : [];
  const todos = data ? buildTodos({ ...data, registrations, ownRegistrationId: ownId }) : [];

  return (
    <PageShell back={false}>
      <div className={styles.page}>
        <p className={styles.hello}>{profile ? `${profile.name}，您好` : '您好'}</p>
        <CheckSessionBar />

        <AsyncView loading={overview.loading} error={overview.error} empty={!data} onRetry={overview.refresh}>
          {data && registrations.length > 0 && (
            <section aria-labelledby="check-home-status">
              <h2 id="check-home-status" className={styles.heading}>
                我的筛查
              </h2>
              {registrations.map((registration) => (
                <PersonCard
                  key={registration.id}
                  registration={registration}
                  report={latestReportFor(registration.id, data.reports)}
                  own={registration.id === ownId}
                />
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
            {ENTRIES.map((entry) => (
              <li key={entry.to}>
                <Link className={styles.entry} to={entry.to}>
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
