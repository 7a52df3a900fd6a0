import { useState } from 'react';
import field from '@/styles/field-control.module.css';

export const COLLECTED_AT_REQUIRED_MESSAGE = '请选择采集时间';
export const COLLECTED_AT_FUTURE_MESSAGE = '采集时间不能晚于现在';
/** A minute of slack, so "now" picked a moment ago is not in the future by the time it is checked. */
const FUTURE_TOLERANCE_MS = 60 * 1000;

/**
 * Dates here are ISO 8601 with an offset (the contract's form after the API layer) or a
 * datetime-local input's local 'YYYY-MM-DDTHH:mm', both of which every engine's Date reads the same
 * way; so this field needs no date library (dayjs would add to what the entry form loads).
 */
function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function pad(value: number): string {
  return String(Math.abs(value)).padStart(2, '0');
}

/** Local date and time to the minute, 'YYYY-MM-DDTHH:mm' (what a datetime-local input holds). */
function localMinute(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * The field message for a collection time, or null when it is valid (set, and not in the future;
 * `optional`: empty is valid too, the sample not taken yet).
 */
export function validateCollectedAt(
  value: string | null | undefined,
  now: Date = new Date(),
  optional = false,
): string | null {
  if (optional && !value) return null;
  const at = value ? parse(value) : null;
  if (!at) return COLLECTED_AT_REQUIRED_MESSAGE;
  if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return COLLECTED_AT_FUTURE_MESSAGE;
  return null;
}

/** ISO 8601 with the device's offset, to the minute (the contract's DateTimeString). */
export function toDateTimeString(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${localMinute(date)}:00${zone}`;
}

export function formatDateTime(value: string | null | undefined): string {
  const at = value ? parse(value) : null;
  return at ? localMinute(at).replace('T', ' ') : '';
}

/** The range offered: the past year up to now (a sample is collected shortly before it is bound). */
function boundsAt(now: Date): { min: string; max: string } {
  const yearAgo = new Date(now);
  yearAgo.setFullYear(now.getFullYear() - 1);
  // 29 February a year back is 28 February, not 1 March.
  if (yearAgo.getMonth() !== now.getMonth()) yearAgo.setDate(0);
  return { min: localMinute(yearAgo), max: localMinute(now) };
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
  const at = value ? parse(value) : null;

  return (
    <input
      type="datetime-local"
      id={id}
      className={field.control}
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      value={at ? localMinute(at) : ''}
      min={bounds.min}
      max={bounds.max}
      step={60}
      required
      disabled={disabled}
      // "Now" moves on while the form is open.
      onFocus={() => setBounds(boundsAt(new Date()))}
      onChange={(event) => {
        const next = event.target.value;
        const at = next ? parse(next) : null;
        onChange(at ? toDateTimeString(at) : '');
      }}
    />
  );
}
