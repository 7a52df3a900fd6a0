import styles from './choice-group.module.css';

interface Choice {
  label: string;
  value: string;
}

export interface ChoiceGroupProps {
  /** Set by Form.Item; kept on the group so the field's label and error belong to it. */
  id?: string;
  /** Accessible name of the group (the question). */
  label: string;
  /** The native radios' shared name. */
  name: string;
  options: readonly Choice[];
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** 'segmented': a row of equal buttons (the radios stay in the accessibility tree, visually hidden). */
  variant?: 'vertical' | 'horizontal' | 'segmented';
}

/**
 * One choice from a few, as native radio buttons with large tap targets. (antd-mobile's Radio hides its
 * input with display:none, which takes it out of the accessibility tree and the keyboard order.)
 */
export function ChoiceGroup({
  id,
  label,
  name,
  options,
  value,
  onChange,
  disabled = false,
  variant = 'vertical',
}: ChoiceGroupProps) {
  return (
    <div
      id={id}
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={`${styles.group} ${styles[variant]}`}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={value === option.value ? `${styles.option} ${styles.checked}` : styles.option}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange?.(option.value)}
            className={styles.input}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
