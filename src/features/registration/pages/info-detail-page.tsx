import { useQuery } from '@tanstack/react-query';
import { registrationQuery } from '@/api/registration/get-registration-detail';
import { Button, NoticeBar } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncView, EmptyState, InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { audiencePages } from '@/config/audience';
import { paths, withQuery } from '@/config/paths';
import { useAudience } from '@/lib/route-meta';
import { DraftNotice } from '../components/draft-notice';
import { PersonDetails } from '../components/person-details';
import { TubeSection } from '../components/tube-section';
import { formFromRegistration } from '../registration-draft';
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
  const { data: registration, isPending, error, refetch } = useQuery(registrationQuery(id));
  const refresh = () => void refetch();
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
        loading={isPending}
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
                  <BindTubePanel registration={registration} audience={audience} />
                </Suspense>
              ) : (
                <DraftNotice
                  registration={registration}
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
              <Suspense fallback={<PersonDetails registration={registration} />}>
                <RegistrationCorrection
                  key={JSON.stringify(formFromRegistration(registration))}
                  registration={registration}
                >
                  <PersonDetails registration={registration} />
                </RegistrationCorrection>
              </Suspense>
            </section>
          </>
        )}
      </AsyncView>
    </PageShell>
  );
}
