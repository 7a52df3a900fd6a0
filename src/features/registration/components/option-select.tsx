import { Button } from 'antd-mobile';
import { useState } from 'react';
import { InlineLoading } from '@/components/async-view';
import { BottomSheet } from '@/components/bottom-sheet';
import field from '@/styles/field-control.module.css';
import styles from './option-select.module.css';

interface SelectOption {
  label: string;
  value: string;
}

export interface OptionSelectProps {
  /** The field's id, so that its label points here. */
  id?: string;
  /** The field's name, for the button's and the sheet's accessible names. */
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  options: SelectOption[];
  loading?: boolean;
  /** Shown instead of the options when they failed to load, with a retry. */
  loadError?: boolean;
  onRetry?: () => void;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A choice from a short list: a large button that opens a bottom sheet of large options (one tap picks),
 * easier for older users than a wheel picker. An empty value means "not chosen".
 */
export function OptionSelect({
  id,
  label,
  value = '',
  onChange,
  options,
  loading = false,
  loadError = false,
  onRetry,
  placeholder = '请选择',
  disabled = false,
}: OptionSelectProps) {
  const [open, setOpen] = useState(false);
  const selected = options.find((option) => option.value === value);
  const shown = selected?.label ?? (value && loading ? '加载中…' : '');

  const choose = (next: string) => {
    onChange?.(next);
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        id={id}
        className={`${field.control} ${styles.trigger}`}
        aria-haspopup="dialog"
        aria-label={`${label}：${shown || '未选择'}`}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <span className={shown ? styles.value : styles.placeholder}>{shown || placeholder}</span>
        <span aria-hidden="true" className={styles.arrow}>
          ›
        </span>
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title={`选择${label}`}>
        {loading && options.length === 0 ? (
          <InlineLoading />
        ) : loadError && options.length === 0 ? (
          <div className={styles.failed} role="alert">
            <p>选项加载失败</p>
            {onRetry && (
              <Button color="primary" fill="outline" onClick={onRetry}>
                重试
              </Button>
            )}
          </div>
        ) : (
          <ul className={styles.options}>
            {value && (
              <li>
                <button type="button" className={styles.option} onClick={() => choose('')}>
                  不选择
                </button>
              </li>
            )}
            {options.map((option) => (
              <li key={option.value}>
                <button
                  type="button"
                  className={option.value === value ? `${styles.option} ${styles.selected}` : styles.option}
                  aria-pressed={option.value === value}
                  data-autofocus={option.value === value ? true : undefined}
                  onClick={() => choose(option.value)}
                >
                  {option.label}
                  {option.value === value && <span aria-hidden="true"> ✓</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </BottomSheet>
    </>
  );
}
