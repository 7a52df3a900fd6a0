import { useQuery } from '@tanstack/react-query';
import { registrationQuery } from '@/api/registration/get-registration-detail';
import { QUESTIONNAIRE_MINUTES, RESULT_TURNAROUND, SAMPLE_RETURN_DAYS } from '@/config/screening';
import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncView, EmptyState } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { formatMaskedIdCard } from '@/lib/id-card';
import { useAudience } from '@/lib/route-meta';
import type { Registration } from '@/types/api';
import { audiencePages, type AudiencePages } from '@/config/audience';
import { formatDateTime } from '@/lib/date-time';
import { DetailList } from '../components/detail-list';
import styles from './result-pages.module.css';

function questionnaireLink(routes: AudiencePages, registrationId: string, returnTo: string): string {
  return withQuery(routes.questionnaireDetail, { registrationId, returnTo });
}

function WorkSuccess({ registration, returnTo }: { registration: Registration; returnTo: string }) {
  const navigate = useNavigate();
  const routes = audiencePages('work');
  return (
    <>
      <Result
        status="success"
        title="绑定成功"
        description="登记信息已保存，采样管已绑定"
        className={styles.result}
      />
      <section className={styles.card} aria-label="绑定信息">
        <DetailList
          rows={[
            { label: '姓名', value: registration.name },
            { label: '身份证号', value: formatMaskedIdCard(registration.idCard) },
            { label: '采样管编码', value: registration.tube?.code, emphasis: true },
            { label: '采集时间', value: formatDateTime(registration.tube?.collectedAt) },
            { label: '绑定时间', value: formatDateTime(registration.tube?.boundAt) },
          ]}
        />
      </section>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => void navigate(routes.registrationEnter, { replace: true })}
        >
          继续登记
        </Button>
        <Button
          block
          size="large"
          onClick={() => void navigate(withQuery(paths.infoSearchBindSuccess, { id: registration.id }))}
        >
          查看详情
        </Button>
        {!registration.questionnaireResponseId && (
          <Button
            block
            size="large"
            fill="outline"
            color="primary"
            onClick={() => void navigate(questionnaireLink(routes, registration.id, returnTo))}
          >
            填写筛查问卷
          </Button>
        )}
      </div>
    </>
  );
}

function CheckSuccess({ registration, returnTo }: { registration: Registration; returnTo: string }) {
  const navigate = useNavigate();
  const routes = audiencePages('check');
  const questionnaireDone = Boolean(registration.questionnaireResponseId);
  // A time was given only when the sample was taken before binding (the field is optional for check users).
  const sampled = Boolean(registration.tube?.collectedAt);
  return (
    <>
      <Result
        status="success"
        title="提交成功"
        description={`${registration.name}的登记信息已提交，采样管已绑定`}
        className={styles.result}
      />
      <section className={styles.card} aria-label="提交信息">
        <DetailList
          rows={[
            { label: '姓名', value: registration.name },
            { label: '采样管编码', value: registration.tube?.code, emphasis: true },
            {
              label: '提交时间',
              value: formatDateTime(registration.tube?.boundAt ?? registration.registeredAt),
            },
          ]}
        />
      </section>
      <section className={styles.card} aria-labelledby="next-steps-heading">
        <h2 id="next-steps-heading" className={styles.heading}>
          接下来怎么做
        </h2>
        <ol className={styles.steps}>
          {!questionnaireDone && <li>先填写筛查问卷，大约需要 {QUESTIONNAIRE_MINUTES} 分钟。</li>}
          {!sampled && <li>按照采样管包装里的说明取少量大便，放入采样管，拧紧盖子。</li>}
          <li>
            {sampled ? '请' : '采样后请'}在 {SAMPLE_RETURN_DAYS} 天内把采样管交回
            {registration.institutionName ? `「${registration.institutionName}」` : '社区卫生服务中心'}。
          </li>
          <li>
            检测结果一般在交回后 {RESULT_TURNAROUND}
            出来，出来后会发消息通知您，也可以在首页的“查看报告”里查看。
          </li>
        </ol>
      </section>
      <div className={styles.actions}>
        {!questionnaireDone && (
          <Button
            block
            color="primary"
            size="large"
            onClick={() => void navigate(questionnaireLink(routes, registration.id, returnTo))}
          >
            填写筛查问卷
          </Button>
        )}
        <Button
          block
          size="large"
          color={questionnaireDone ? 'primary' : 'default'}
          onClick={() => void navigate(routes.home, { replace: true })}
        >
          返回首页
        </Button>
        <Button
          block
          size="large"
          fill="none"
          onClick={() => void navigate(withQuery(routes.registrationDetail, { id: registration.id }))}
        >
          查看登记信息
        </Button>
      </div>
    </>
  );
}

/**
 * /bindSuccess (work) and /checkUserBindSuccess (check): the outcome of the entry form. Only the
 * registration id travels in the URL; the page loads the rest.
 */
export default function BindSuccessPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const { data, isPending, error, refetch } = useQuery(registrationQuery(id));
  const refresh = () => void refetch();
  const returnTo = `${location.pathname}${location.search}`;

  return (
    <PageShell fallbackPath={routes.home}>
      {!id ? (
        <EmptyState
          text="没有找到登记信息"
          action={
            <Button color="primary" onClick={() => void navigate(routes.home, { replace: true })}>
              返回首页
            </Button>
          }
        />
      ) : (
        <AsyncView
          loading={isPending}
          error={error}
          empty={!data}
          onRetry={refresh}
          emptyText="没有找到登记信息"
        >
          {data &&
            (audience === 'work' ? (
              <WorkSuccess registration={data} returnTo={returnTo} />
            ) : (
              <CheckSuccess registration={data} returnTo={returnTo} />
            ))}
        </AsyncView>
      )}
    </PageShell>
  );
}
