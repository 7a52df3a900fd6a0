import { useState } from 'react';
import { addYears, parseDateTime, toDateTimeString, toLocalMinute } from '@/lib/date-time';
import field from '@/styles/field-control.module.css';

/** The range offered: the past year up to now (a sample is collected shortly before it is bound). */
function boundsAt(now: Date): { min: string; max: string } {
  return { min: toLocalMinute(addYears(now, -1)), max: toLocalMinute(now) };
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
 * The range stops at now; a future time typed past it is caught by validateCollectedAt (registration-form-values.ts).
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
  const at = parseDateTime(value);

  return (
    <input
      type="datetime-local"
      id={id}
      className={field.control}
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      value={at ? toLocalMinute(at) : ''}
      min={bounds.min}
      max={bounds.max}
      step={60}
      required
      disabled={disabled}
      // "Now" moves on while the form is open.
      onFocus={() => setBounds(boundsAt(new Date()))}
      onChange={(event) => {
        const next = event.target.value;
        const at = parseDateTime(next);
        onChange(at ? toDateTimeString(at) : '');
      }}
    />
  );
}
