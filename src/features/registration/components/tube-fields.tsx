import type { Ref } from 'react';
import { FormField, fieldMessageId } from '@/components/form-field';
import { TubeCodeInput } from '@/components/tube-code-input';
import { normalizeTubeCode } from '@/lib/tube-code';
import { TUBE_REQUIRED_MESSAGE, type TubeStatusState } from '../use-tube-status';
import { CollectionTimeField } from './collection-time-field';
import { TubeStatusCard } from './tube-status-card';
import styles from './tube-fields.module.css';

const QUEUED_TUBE_MESSAGE = '该采样管已在待发送队列中，不能再绑定给其他人，请更换采样管';

export interface TubeFieldsProps {
  /** The section's heading, where the tube is one part of a larger form (the section is then a card). */
  heading?: string;
  /** The form's name: prefixes the collection time control's id. */
  formName: string;
  tubeCode: string;
  onTubeCodeChange: (tubeCode: string) => void;
  tubeStatus: TubeStatusState;
  /** Submit was tried without a code. */
  tubeRequired: boolean;
  /** The server refused the tube at binding. */
  tubeServerProblem: string | null;
  /** The tube waits in the offline queue for someone else. */
  tubeQueued: boolean;
  /** Wraps the code's control, so the form can focus it. */
  tubeFieldRef: Ref<HTMLDivElement>;
  collectedAt: string;
  collectedAtError: string | null;
  /** The time may stay empty: the sample is not taken yet (useTubeFields). */
  collectedAtOptional?: boolean;
  onCollectedAtChange: (value: string) => void;
}

/**
 * The tube section of the entry form and of the detail page's binding: the code (scanned or typed)
 * with its status, and the collection time.
 */
export function TubeFields({
  heading,
  formName,
  tubeCode,
  onTubeCodeChange,
  tubeStatus,
  tubeRequired,
  tubeServerProblem,
  tubeQueued,
  tubeFieldRef,
  collectedAt,
  collectedAtError,
  collectedAtOptional = false,
  onCollectedAtChange,
}: TubeFieldsProps) {
  const timeId = `${formName}_collectedAt`;
  const headingId = `${formName}-tube-heading`;
  return (
    <section
      className={heading ? styles.tube : styles.inline}
      aria-labelledby={heading ? headingId : undefined}
    >
      {/* Named for screen readers; on screen the code's own label (采样管编码) heads the card, so that
          扫码 stays on the first screen. */}
      {heading && (
        <h2 id={headingId} className="visually-hidden">
          {heading}
        </h2>
      )}
      <div ref={tubeFieldRef}>
        <TubeCodeInput
          value={tubeCode}
          error={tubeRequired && !normalizeTubeCode(tubeCode) ? TUBE_REQUIRED_MESSAGE : null}
          onChange={onTubeCodeChange}
          onScanned={tubeStatus.scanned}
        />
      </div>
      <TubeStatusCard state={tubeStatus} serverProblem={tubeServerProblem} />
      {tubeQueued && (
        <p className={styles.queued} role="alert">
          {QUEUED_TUBE_MESSAGE}
        </p>
      )}

      <FormField
        id={timeId}
        label={collectedAtOptional ? '采集时间（选填）' : '采集时间'}
        description={collectedAtOptional ? '还没取样就留空，不能晚于现在' : '默认为现在，不能晚于现在'}
        error={collectedAtError}
      >
        <CollectionTimeField
          id={timeId}
          value={collectedAt}
          errorId={collectedAtError ? fieldMessageId(timeId) : undefined}
          onChange={onCollectedAtChange}
        />
      </FormField>
    </section>
  );
}
