import type { OpenedFrom } from '@/lib/history';
import { Button, NoticeBar } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncView, EmptyState, ErrorState, InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { TubeTimeline } from '@/components/tube-timeline';
import { paths, withQuery } from '@/config/paths';
import { dictionaryLabel } from '@/api/dictionary/dictionary-cache';
import { useDictionary } from '@/api/dictionary/use-dictionary';
import { getSamplingTubeStatus } from '@/api/sampling';
import { toastSuccess } from '@/lib/feedback';
import { formatMaskedIdCard } from '@/lib/id-card';
import { useAudience } from '@/lib/route-meta';
import {
  labelOf,
  GENDER_LABELS,
  REGISTRATION_STATUS_LABELS,
  canUnbind,
  type Registration,
  type SamplingTubeSummary,
} from '@/types/api';
import { submitRegistration } from '@/api/registration';
import { audiencePages } from '@/config/audience';
import { formatDateTime } from '@/lib/date-time';
import { DetailList } from '../components/detail-list';
import { TubeStatusTag } from '../components/registration-card';
import { formFromRegistration, toRegistrationInput } from '../registration-draft';
import type { UserAudience } from '@/config/audience';
import { useRead } from '@/lib/query-client';
import { useTapGuard } from '@/lib/use-tap-guard';
import { useRegistration } from '../use-registration';
import detail from '../components/detail-actions.module.css';
import styles from './info-detail-page.module.css';

// 修改登记信息 with its form (the person fields, their rules, the phone's draft) is loaded after the
// details show, and the read-only view stands in meanwhile: less to load before the page shows.
const RegistrationCorrection = lazy(() =>
  import('../components/registration-correction').then((module) => ({
    default: module.RegistrationCorrection,
  })),
);

// 绑定采样管 for a submitted registration without a tube is the rarer case here (most registrations
// opened have theirs): the binding form and register-and-bind load only then.
const BindTubePanel = lazy(() =>
  import('../components/bind-tube-panel').then((module) => ({ default: module.BindTubePanel })),
);

function TubeSection({
  registration,
  tube,
  audience,
}: {
  registration: Registration;
  tube: SamplingTubeSummary;
  audience: UserAudience;
}) {
  const navigate = useNavigate();
  const history = useRead({
    // The status in the key: a change of it (a binding, an unbinding) asks again.
    key: ['tube-status', tube.code, tube.status],
    read: (call) => getSamplingTubeStatus({ tubeCode: tube.code }, call),
    silent: true,
  });

  return (
    <>
      <DetailList
        rows={[
          { label: '采样管编码', value: tube.code, emphasis: true },
          {
            label: '当前状态',
            value: <TubeStatusTag status={tube.status} />,
          },
          { label: '采集时间', value: formatDateTime(tube.collectedAt) },
          { label: '绑定时间', value: formatDateTime(tube.boundAt) },
        ]}
      />
      {audience === 'work' ? (
        canUnbind(tube.status) ? (
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            className={detail.action}
            onClick={() =>
              void navigate(withQuery(paths.unbindTube, { id: registration.id }), {
                state: { openedFrom: paths.infoDetail } satisfies OpenedFrom,
              })
            }
          >
            解绑采样管
          </Button>
        ) : (
          <p className={detail.hint}>实验室已接收该样本，不能再解绑采样管。</p>
        )
      ) : (
        <p className={detail.hint}>如果采样管编码不对或采样管有问题，请联系社区工作人员处理。</p>
      )}
      <h3 className={styles.subheading}>进度</h3>
      {history.error ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} title="进度加载失败" />
      ) : history.isPending ? (
        <InlineLoading />
      ) : (
        <TubeTimeline status={history.data?.status ?? tube.status} timeline={history.data?.timeline ?? []} />
      )}
    </>
  );
}

function DraftNotice({
  registration,
  onSubmitted,
  continueTo,
}: {
  registration: Registration;
  onSubmitted: () => void;
  /** The entry form with this draft loaded (staff only: the server keeps drafts for their author). */
  continueTo?: string;
}) {
  const guard = useTapGuard();
  const submitting = guard.running;
  const submit = () =>
    guard.run(async () => {
      try {
        await submitRegistration({
          ...toRegistrationInput(formFromRegistration(registration), registration.id),
          questionnaireResponseId: registration.questionnaireResponseId,
        });
        toastSuccess('提交成功');
        onSubmitted();
      } catch {
        // The error toast is shown centrally; the page stays as it is.
      }
    });
  // Saved unfinished from the entry form (待提交登记): the server keeps drafts without a phone number.
  const complete = registration.phone.trim() !== '';
  return (
    <div className={styles.panel}>
      <p className={detail.hint}>
        {complete
          ? '这条登记还没有提交。提交后才能绑定采样管。'
          : '这条登记还没有提交，也还没有填写联系电话。请继续填写后提交。'}
      </p>
      {complete && (
        <Button
          block
          size="large"
          color="primary"
          loading={submitting}
          disabled={submitting}
          onClick={() => void submit()}
        >
          提交登记
        </Button>
      )}
      {continueTo && (
        <Link className={complete ? styles.secondaryLink : styles.primaryLink} to={continueTo}>
          继续填写
        </Link>
      )}
    </div>
  );
}

function PersonSection({ registration }: { registration: Registration }) {
  const nation = useDictionary('nation');
  const education = useDictionary('education');
  const occupation = useDictionary('occupation');
  const relation = useDictionary('relation');
  return (
    <DetailList
      rows={[
        { label: '姓名', value: registration.name },
        { label: '身份证号', value: formatMaskedIdCard(registration.idCard) },
        { label: '性别', value: labelOf(GENDER_LABELS, registration.gender) },
        { label: '出生日期', value: registration.birthDate },
        { label: '年龄', value: registration.age === undefined ? '' : `${registration.age} 岁` },
        { label: '联系电话', value: registration.phone },
        { label: '民族', value: dictionaryLabel(nation.items, registration.nation) },
        { label: '文化程度', value: dictionaryLabel(education.items, registration.education) },
        { label: '职业', value: dictionaryLabel(occupation.items, registration.occupation) },
        { label: '住址', value: registration.address },
        { label: '大肠癌家族史', value: registration.familyHistory ? '有' : '没有' },
        { label: '紧急联系人', value: registration.emergencyContactName },
        { label: '联系人电话', value: registration.emergencyContactPhone },
        {
          label: '与本人关系',
          value: dictionaryLabel(relation.items, registration.emergencyContactRelation),
        },
        { label: '登记状态', value: labelOf(REGISTRATION_STATUS_LABELS, registration.status) },
        { label: '登记时间', value: formatDateTime(registration.registeredAt) },
        { label: '登记人', value: registration.registeredByName },
        { label: '登记机构', value: registration.institutionName },
      ]}
    />
  );
}

/**
 * 信息详情 (/infoDetail, /infoSearchBindSuccess and /checkUserInfoDetail, query `id`): the registration with
 * a masked ID card, its tube and the tube's history, and what can be done next: bind a tube, unbind
 * (staff, before the lab has the sample), open the report, fill in the questionnaire.
 */
export default function InfoDetailPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const { data: registration, loading, error, refresh } = useRegistration(id);
  const justBound = location.pathname === paths.infoSearchBindSuccess;
  const returnTo = `${location.pathname}${location.search}`;

  if (!id) {
    return (
      <PageShell fallbackPath={routes.registrationSearch}>
        <EmptyState
          text="没有找到登记信息"
          action={
            <Button
              color="primary"
              onClick={() => void navigate(routes.registrationSearch, { replace: true })}
            >
              去信息查询
            </Button>
          }
        />
      </PageShell>
    );
  }

  return (
    <PageShell fallbackPath={routes.registrationSearch}>
      <AsyncView
        loading={loading}
        error={error}
        empty={!registration}
        onRetry={refresh}
        emptyText="没有找到登记信息"
      >
        {registration && (
          <>
            {justBound && registration.tube && (
              <NoticeBar content="采样管绑定成功" color="success" className={styles.notice} />
            )}
            <section className={styles.card} aria-labelledby="detail-tube-heading">
              <h2 id="detail-tube-heading" className={styles.heading}>
                采样管
              </h2>
              {registration.tube ? (
                <TubeSection registration={registration} tube={registration.tube} audience={audience} />
              ) : registration.status === 'submitted' ? (
                <Suspense fallback={<InlineLoading label="正在载入绑定" />}>
                  <BindTubePanel registration={registration} audience={audience} onBound={refresh} />
                </Suspense>
              ) : (
                <DraftNotice
                  registration={registration}
                  onSubmitted={refresh}
                  continueTo={
                    audience === 'work'
                      ? withQuery(routes.registrationEnter, { draft: registration.id })
                      : undefined
                  }
                />
              )}
            </section>

            {(registration.reportId || !registration.questionnaireResponseId) && (
              <section className={styles.card} aria-labelledby="detail-next-heading">
                <h2 id="detail-next-heading" className={styles.heading}>
                  报告与问卷
                </h2>
                <div className={detail.actions}>
                  {registration.reportId && (
                    <Button
                      block
                      size="large"
                      color="primary"
                      onClick={() =>
                        void navigate(withQuery(routes.reportDetail, { id: registration.reportId }))
                      }
                    >
                      查看检测报告
                    </Button>
                  )}
                  {!registration.questionnaireResponseId && (
                    <Button
                      block
                      size="large"
                      color="primary"
                      fill="outline"
                      onClick={() =>
                        void navigate(
                          withQuery(routes.questionnaireDetail, {
                            registrationId: registration.id,
                            returnTo,
                          }),
                        )
                      }
                    >
                      填写筛查问卷
                    </Button>
                  )}
                </div>
              </section>
            )}

            <section className={styles.card} aria-labelledby="detail-person-heading">
              <h2 id="detail-person-heading" className={styles.heading}>
                登记信息
              </h2>
              {/* Keyed by the saved values: after a save, a new correction starts from them. */}
              <Suspense fallback={<PersonSection registration={registration} />}>
                <RegistrationCorrection
                  key={JSON.stringify(formFromRegistration(registration))}
                  registration={registration}
                  onSaved={refresh}
                >
                  <PersonSection registration={registration} />
                </RegistrationCorrection>
              </Suspense>
            </section>
          </>
        )}
      </AsyncView>
    </PageShell>
  );
}
