import type { OpenedFrom } from '@/lib/history';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { tubeStatusQuery } from '@/api/sampling';
import { ErrorState, InlineLoading } from '@/components/async-view';
import { TubeTimeline } from '@/components/tube-timeline';
import type { UserAudience } from '@/config/audience';
import { paths, withQuery } from '@/config/paths';
import { formatDateTime } from '@/lib/date-time';
import { canUnbind, type Registration, type SamplingTubeSummary } from '@/types/api';
import { DetailList } from './detail-list';
import { TubeStatusTag } from './registration-card';
import detail from './detail-actions.module.css';
import styles from './tube-section.module.css';

/**
 * 信息详情's bound tube: its code, status and times, 解绑采样管 for staff while the lab has not received
 * the sample, and the tube's progress.
 */
export function TubeSection({
  registration,
  tube,
  audience,
}: {
  registration: Registration;
  tube: SamplingTubeSummary;
  audience: UserAudience;
}) {
  const navigate = useNavigate();
  const history = useQuery(tubeStatusQuery(tube.code));

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
