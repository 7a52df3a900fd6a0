import type { ReactNode } from 'react';
import styles from './form-field.module.css';

/** The id of the message of the field whose control has `id`: what the control's aria-describedby names. */
export function fieldMessageId(id: string): string {
  return `${id}_error`;
}

export interface FormFieldProps {
  /** The control's id: the label points at it, and the message is fieldMessageId(id). */
  id: string;
  label: string;
  /** Shows an asterisk (for the eye only: the accessible name stays the plain label). */
  required?: boolean;
  /** A hint under the control (none when null). */
  description?: string | null;
  /** The field's message, shown under the control and announced. */
  error?: string | null;
  /**
   * A note about the value that does not stop the form (e.g. an unusual age), shown and announced
   * politely in the message's place while there is no error.
   */
  notice?: string | null;
  children: ReactNode;
}

/**
 * One labelled field of a form: label, control, hint and message, in the order a person reads them.
 * A plain component instead of antd-mobile's Form, whose field store, validator and popover cost a
 * page tens of kilobytes; the page keeps the values and checks them itself. The control should point
 * at the message (the error, else the notice) with `aria-describedby={fieldMessageId(id)}` while there
 * is one.
 */
export function FormField({
  id,
  label,
  required = false,
  description,
  error,
  notice,
  children,
}: FormFieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className={styles.required}>
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {description && <p className={styles.description}>{description}</p>}
      {error ? (
        <p id={fieldMessageId(id)} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        notice && (
          <p id={fieldMessageId(id)} className={styles.notice} role="status">
            {notice}
          </p>
        )
      )}
    </div>
  );
}
