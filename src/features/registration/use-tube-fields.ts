import { useRef, useState } from 'react';
import type { FieldProblemName } from './bind-failure';
import { normalizeTubeCode } from '@/lib/tube-code';
import { toDateTimeString } from '@/lib/date-time';
import type { TubeFieldsProps } from './components/tube-fields';
import type { RegistrationForm } from './registration-draft';
import { validateCollectedAt } from './registration-form-values';
import { tubeProblem, useTubeStatus } from './use-tube-status';

/** Brings a control into view and gives it focus, so the user lands on what needs fixing. */
export function focusControl(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

export interface TubeFieldsInput {
  formName: string;
  /** The draft's code and collection time (null until chosen: the fields show "now", the time opened). */
  form: Pick<RegistrationForm, 'tubeCode' | 'collectedAt'>;
  editForm: (patch: Partial<Pick<RegistrationForm, 'tubeCode' | 'collectedAt'>>) => void;
  /** The tube waits in the offline queue for someone else. */
  tubeQueued: boolean;
  /** A problem handed back to the form (by /bindErr's retry), shown at its field. */
  handedBack?: { field: FieldProblemName; message: string };
  /**
   * A check user's self-registration: the sample is taken at home after binding, so the time starts
   * empty and may stay so; only a time already past is recorded.
   */
  collectedAtOptional?: boolean;
}

/**
 * The state of the entry form's tube section (TubeFields): the tube's status, and the messages at the
 * code and at the collection time, from the form's own checks and from the server.
 */
export function useTubeFields({
  formName,
  form,
  editForm,
  tubeQueued,
  handedBack,
  collectedAtOptional = false,
}: TubeFieldsInput) {
  const [defaultCollectedAt] = useState(() => (collectedAtOptional ? '' : toDateTimeString(new Date())));
  /** The collection time shown, and submitted: the draft's, or (staff) "now" as of opening the form. */
  const collectedAt = form.collectedAt ?? defaultCollectedAt;
  const [tubeRequired, setTubeRequired] = useState(false);
  const [tubeServerProblem, setTubeServerProblem] = useState<string | null>(
    handedBack?.field === 'tubeCode' ? handedBack.message : null,
  );
  const [collectedAtError, setCollectedAtError] = useState<string | null>(
    handedBack?.field === 'collectedAt' ? handedBack.message : null,
  );
  const tubeFieldRef = useRef<HTMLDivElement>(null);
  const tubeStatus = useTubeStatus(form.tubeCode);
  const tubeInput = () => tubeFieldRef.current?.querySelector('input') ?? null;
  const timeControl = () => document.getElementById(`${formName}_collectedAt`);

  /** Checks the code and the time, showing each message: whether both are fine, and the control to fix first. */
  const check = (): { ok: boolean; first: HTMLElement | null } => {
    const code = normalizeTubeCode(form.tubeCode);
    if (!code) setTubeRequired(true);
    const tubeBad = !code || Boolean(tubeServerProblem || tubeProblem(tubeStatus.result) || tubeQueued);
    const timeMessage = validateCollectedAt(collectedAt, undefined, collectedAtOptional);
    setCollectedAtError(timeMessage);
    if (tubeBad) return { ok: false, first: tubeInput() };
    return timeMessage ? { ok: false, first: timeControl() } : { ok: true, first: null };
  };

  /** The server refused the code or the time: the message at that field, which gets the focus. */
  const showProblem = (field: FieldProblemName, message: string) => {
    if (field === 'tubeCode') {
      setTubeServerProblem(message);
      tubeStatus.reload();
      focusControl(tubeInput());
    } else {
      setCollectedAtError(message);
      focusControl(timeControl());
    }
  };

  const reset = () => {
    setTubeRequired(false);
    setTubeServerProblem(null);
    setCollectedAtError(null);
  };

  const props: TubeFieldsProps = {
    formName,
    tubeCode: form.tubeCode,
    onTubeCodeChange: (tubeCode) => {
      editForm({ tubeCode });
      setTubeRequired(false);
      setTubeServerProblem(null);
    },
    tubeStatus,
    tubeRequired,
    tubeServerProblem,
    tubeQueued,
    tubeFieldRef,
    collectedAt,
    collectedAtError,
    collectedAtOptional,
    onCollectedAtChange: (value) => {
      editForm({ collectedAt: value });
      setCollectedAtError(validateCollectedAt(value, undefined, collectedAtOptional));
    },
  };

  return { collectedAt, check, showProblem, reset, props };
}
