import { ErrorState, InlineLoading } from '@/components/async-view';
import { TubeTimeline } from '@/components/tube-timeline';
import { useQuery } from '@tanstack/react-query';
import { tubeStatusQuery } from '@/api/sampling';
import content from '@/styles/content.module.css';

/**
 * 采样管进度: the report's tube from binding to report. A section of the report page that is left out
 * when there is nothing to show (the tube unknown, or no status or timeline in the answer): a person
 * reading their report is never asked to scan or type a code. A failed lookup shows its own 重试.
 */
export function TubeProgress({ tubeCode }: { tubeCode: string }) {
  const { data, isPending, error, refetch } = useQuery(tubeStatusQuery(tubeCode));
  const timeline = data?.exists ? (data.timeline ?? []) : [];
  let body;
  if (data?.status && timeline.length > 0) {
    body = <TubeTimeline status={data.status} timeline={timeline} label={`采样管 ${tubeCode} 的进度`} />;
  } else if (isPending) body = <InlineLoading />;
  else if (error) body = <ErrorState error={error} onRetry={() => void refetch()} />;
  else return null;
  return (
    <section className={content.panel} aria-labelledby="report-tube-heading">
      <h3 id="report-tube-heading" className={content.panelHeading}>
        采样管进度
      </h3>
      {body}
    </section>
  );
}
