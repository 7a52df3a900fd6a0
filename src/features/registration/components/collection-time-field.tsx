import { DatePicker } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import styles from './option-select.module.css';

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

const UNITS: Record<string, string> = { year: '年', month: '月', day: '日', hour: '时', minute: '分' };

export interface CollectionTimeFieldProps {
  id?: string;
  label?: string;
  value: string | null;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The sample's collection date and time: a large button opening a date-time wheel that stops at now. */
export function CollectionTimeField({
  id,
  label = '采集时间',
  value,
  onChange,
  disabled = false,
}: CollectionTimeFieldProps) {
  const [open, setOpen] = useState(false);
  const [max, setMax] = useState(() => new Date());
  const shown = formatDateTime(value);

  return (
    <>
      <button
        type="button"
        id={id}
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-label={`${label}：${shown || '未选择'}`}
        disabled={disabled}
        onClick={() => {
          setMax(new Date());
          setOpen(true);
        }}
      >
        <span className={shown ? styles.value : styles.placeholder}>{shown || '请选择采集时间'}</span>
        <span aria-hidden="true" className={styles.arrow}>
          ›
        </span>
      </button>
      <DatePicker
        visible={open}
        title={`选择${label}`}
        precision="minute"
        max={max}
        min={dayjs(max).subtract(1, 'year').toDate()}
        value={value ? dayjs(value).toDate() : max}
        renderLabel={(type, data) => `${data}${UNITS[type] ?? ''}`}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange(toDateTimeString(date))}
      />
    </>
  );
}
