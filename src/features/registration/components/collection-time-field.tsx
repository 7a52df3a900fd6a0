import dayjs from 'dayjs';
import { useState } from 'react';
import field from '@/styles/field-control.module.css';

export const COLLECTED_AT_REQUIRED_MESSAGE = '请选择采集时间';
export const COLLECTED_AT_FUTURE_MESSAGE = '采集时间不能晚于现在';
/** A minute of slack, so "now" picked a moment ago is not in the future by the time it is checked. */
const FUTURE_TOLERANCE_MS = 60 * 1000;

/** The field message for a collection time, or null when it is valid (set, and not in the future). */
export function validateCollectedAt(value: string | null | undefined, now: Date = new Date()): string | null {
  if (!value) return COLLECTED_AT_REQUIRED_MESSAGE;
  const at = dayjs(value);
  if (!at.isValid()) return COLLECTED_AT_REQUIRED_MESSAGE;
  if (at.valueOf() > now.getTime() + FUTURE_TOLERANCE_MS) return COLLECTED_AT_FUTURE_MESSAGE;
  return null;
}

/** ISO 8601 with the device's offset, to the minute (the contract's DateTimeString). */
export function toDateTimeString(date: Date): string {
  return dayjs(date).second(0).millisecond(0).format('YYYY-MM-DDTHH:mm:ssZ');
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const at = dayjs(value);
  return at.isValid() ? at.format('YYYY-MM-DD HH:mm') : '';
}

/** What a datetime-local input holds: local date and time to the minute. */
const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';

/** The range offered: the past year up to now (a sample is collected shortly before it is bound). */
function boundsAt(now: Date): { min: string; max: string } {
  return { min: dayjs(now).subtract(1, 'year').format(LOCAL_FORMAT), max: dayjs(now).format(LOCAL_FORMAT) };
}

export interface CollectionTimeFieldProps {
  id?: string;
  label?: string;
  value: string | null;
  /** Called with the contract's DateTimeString, or '' when the user cleared the field. */
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The id of the field's message while there is one: the input is then marked invalid and described by it. */
  errorId?: string;
}

/**
 * The sample's collection date and time: the platform's own date-time picker (the wheels WeChat users
 * know from every other form, large and screen-reader friendly, and no picker code to download).
 * The range stops at now; a future time typed past it is caught by validateCollectedAt.
 */
export function CollectionTimeField({
  id,
  label = '采集时间',
  value,
  onChange,
  disabled = false,
  errorId,
}: CollectionTimeFieldProps) {
  const [bounds, setBounds] = useState(() => boundsAt(new Date()));
  const at = value ? dayjs(value) : null;

  return (
    <input
      type="datetime-local"
      id={id}
      className={field.control}
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      value={at?.isValid() ? at.format(LOCAL_FORMAT) : ''}
      min={bounds.min}
      max={bounds.max}
      step={60}
      required
      disabled={disabled}
      // "Now" moves on while the form is open.
      onFocus={() => setBounds(boundsAt(new Date()))}
      onChange={(event) => {
        const next = event.target.value;
        onChange(next ? toDateTimeString(dayjs(next).toDate()) : '');
      }}
    />
  );
}
