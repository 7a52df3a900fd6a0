import { Steps } from 'antd-mobile';
import { formatDateTime } from '@/lib/date-time';
import {
  labelOf,
  SAMPLING_TUBE_STATUS_FLOW,
  SAMPLING_TUBE_STATUS_LABELS,
  type Open,
  type SamplingTubeStatus,
  type TubeTimelineEntry,
} from '@/types/api';
import styles from './tube-timeline.module.css';

export interface TubeTimelineProps {
  /** The tube's current status (one the app does not know shows no steps to come). */
  status: Open<SamplingTubeStatus>;
  /** What already happened, oldest first (contract: SamplingTube.timeline). */
  timeline: TubeTimelineEntry[];
  /** Accessible name of the whole timeline. */
  label?: string;
}

/**
 * A sampling tube's history as vertical steps: every recorded event (an unbind included) with its time,
 * then the steps still to come in the forward flow, so a user sees where the sample is and what is next.
 */
export function TubeTimeline({ status, timeline, label = '采样管进度' }: TubeTimelineProps) {
  const position = SAMPLING_TUBE_STATUS_FLOW.indexOf(status as SamplingTubeStatus);
  const upcoming = status === 'unbound' || position < 0 ? [] : SAMPLING_TUBE_STATUS_FLOW.slice(position + 1);
  const current = timeline.length - 1;

  return (
    <section aria-label={label} className={styles.timeline}>
      <Steps
        direction="vertical"
        current={Math.max(current, 0)}
        style={{ '--title-font-size': '17px', '--description-font-size': '15px' }}
      >
        {timeline.map((entry, index) => (
          <Steps.Step
            key={`${entry.status}-${entry.at}-${index}`}
            status={index === current ? 'process' : 'finish'}
            title={<span className={styles.title}>{labelOf(SAMPLING_TUBE_STATUS_LABELS, entry.status)}</span>}
            description={
              <span className={styles.description}>
                {entry.at && <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>}
                {entry.note ? <span className={styles.note}>{entry.note}</span> : null}
              </span>
            }
          />
        ))}
        {upcoming.map((next) => (
          <Steps.Step
            key={`upcoming-${next}`}
            status="wait"
            title={<span className={styles.title}>{SAMPLING_TUBE_STATUS_LABELS[next]}</span>}
            description={<span className={styles.description}>待完成</span>}
          />
        ))}
      </Steps>
    </section>
  );
}
