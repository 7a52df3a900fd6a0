import { AsyncView } from '@/components/async-view';
import { TubeTimeline } from '@/components/tube-timeline';
import { getSamplingTubeStatus } from '@/api/sampling';
import { useApiRequest } from '@/lib/use-api-request';

/** The report's tube from binding to report, with its own loading, empty and error states. */
export function TubeProgress({ tubeCode }: { tubeCode: string }) {
  const { data, loading, error, refresh } = useApiRequest(
    () => getSamplingTubeStatus({ tubeCode }, { silent: true }),
    {
      refreshDeps: [tubeCode],
    },
  );
  const timeline = data?.exists ? (data.timeline ?? []) : [];
  return (
    <AsyncView
      loading={loading}
      error={error}
      empty={!data?.status || timeline.length === 0}
      emptyText="暂无采样管记录"
      onRetry={refresh}
    >
      {data?.status && (
        <TubeTimeline status={data.status} timeline={timeline} label={`采样管 ${tubeCode} 的进度`} />
      )}
    </AsyncView>
  );
}
