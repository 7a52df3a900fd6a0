import type { InputRef } from 'antd-mobile';
import { useLayoutEffect, useRef } from 'react';
import { cleanIdCardInput, formatIdCardGroups } from '@/lib/id-card';
import { FieldInput, type FieldInputProps } from './field-input';
import styles from './id-card-input.module.css';

/** Seventeen digits: the check character is next, and X is the one a digit keypad lacks. */
const AWAITS_CHECK_CHARACTER = /^\d{17}$/;

export interface IdCardInputProps extends Omit<
  FieldInputProps,
  'value' | 'onChange' | 'maxLength' | 'inputMode' | 'type'
> {
  /** The kept value: no spaces or dashes (cleanIdCardInput). */
  value: string;
  onChange: (value: string) => void;
  /** The bordered box around the input and its X key (the report search draws one; a form card does not). */
  boxClassName?: string;
}

/**
 * An ID-card field on the digit keypad: `inputMode="numeric"` opens 0–9 in every engine we serve, and
 * the check character X, which no digit keypad has, is a key of the page beside the field once 17
 * digits are in (it keeps the focus, so the keypad stays open). Spaces and dashes typed or pasted are
 * dropped, never cut; the number is shown in the card's 6-8-4 groups, the caret staying after the
 * character it followed. The value given to onChange has no spaces.
 */
export function IdCardInput({ value, onChange, boxClassName, readOnly, ...props }: IdCardInputProps) {
  const input = useRef<InputRef>(null);
  /** Kept characters before the caret after the last edit, to put it back after regrouping. */
  const caret = useRef<number | null>(null);
  const shown = formatIdCardGroups(value);

  useLayoutEffect(() => {
    const element = input.current?.nativeElement;
    const before = caret.current;
    caret.current = null;
    if (!element || before === null || document.activeElement !== element) return;
    let position = 0;
    for (let kept = 0; position < shown.length && kept < before; position += 1) {
      if (shown[position] !== ' ') kept += 1;
    }
    element.setSelectionRange(position, position);
  }, [shown]);

  const change = (text: string) => {
    const element = input.current?.nativeElement;
    const at = element?.selectionStart ?? text.length;
    caret.current = cleanIdCardInput(text.slice(0, at)).length;
    onChange(cleanIdCardInput(text));
  };

  return (
    <div className={boxClassName ? `${styles.box} ${boxClassName}` : styles.box}>
      <FieldInput
        {...props}
        ref={input}
        className={styles.input}
        value={shown}
        onChange={change}
        readOnly={readOnly}
        inputMode="numeric"
        autoComplete="off"
        autoCorrect="off"
      />
      {!readOnly && AWAITS_CHECK_CHARACTER.test(value) && (
        <button
          type="button"
          className={styles.xKey}
          aria-label="输入末位 X"
          // Pressing it must not take the focus from the field: the keypad stays open and no blur check runs.
          onPointerDown={(event) => event.preventDefault()}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            caret.current = value.length + 1;
            onChange(`${value}X`);
          }}
        >
          X
        </button>
      )}
    </div>
  );
}
