import { Checkbox, Radio, type TextAreaRef } from 'antd-mobile';
import { forwardRef, useLayoutEffect, useRef } from 'react';
import { setNativeFieldState } from '@/components/form-field';
import { GrowingTextArea } from '@/components/growing-text-area';
import type { Question } from '@/types/api';
import type { AnswerValue } from '../answers';
import styles from '../questionnaires.module.css';

export interface QuestionFieldProps {
  question: Question;
  /** 1-based position, shown before the title. */
  index: number;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  /** The message at the question, e.g. '请回答此题'. */
  error?: string;
  disabled?: boolean;
}

/**
 * One question to answer: radios, checkboxes or a text box, with a visible * and a spoken "必答" for
 * required ones. The fieldset can take focus, so the page can move the user to it.
 */
export const QuestionField = forwardRef<HTMLFieldSetElement, QuestionFieldProps>(function QuestionField(
  { question, index, value, onChange, error, disabled },
  ref,
) {
  const titleId = `question-${question.id}-title`;
  const errorId = `question-${question.id}-error`;
  const textRef = useRef<TextAreaRef>(null);

  // antd-mobile's TextArea puts ARIA props on its wrapper; the states belong on the <textarea>, set
  // before the browser paints (a passive effect could leave a frame without them).
  useLayoutEffect(() => {
    const element = textRef.current?.nativeElement;
    if (!element) return;
    element.setAttribute('aria-labelledby', titleId);
    element.toggleAttribute('required', question.required);
    element.setAttribute('aria-required', String(question.required));
    setNativeFieldState(element, { invalid: Boolean(error), describedBy: error ? errorId : undefined });
  }, [error, errorId, question.required, titleId]);

  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const selected = Array.isArray(value) ? value : value ? [value] : [];

  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      className={`${styles.question} ${error ? styles.questionInvalid : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={titleId} className={styles.questionTitle}>
        {question.required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
        {index}. {question.title}
        {question.required && <span className="visually-hidden">（必答）</span>}
      </legend>

      {question.type === 'single' && (
        <div role="radiogroup" aria-labelledby={titleId} aria-required={question.required} {...invalid}>
          <Radio.Group
            value={typeof value === 'string' && value !== '' ? value : null}
            onChange={(next) => onChange(String(next))}
            disabled={disabled}
          >
            <div className={styles.options}>
              {(question.options ?? []).map((option) => (
                <Radio key={option.value} value={option.value} className={styles.option} block>
                  {option.label}
                </Radio>
              ))}
            </div>
          </Radio.Group>
        </div>
      )}

      {question.type === 'multiple' && (
        <Checkbox.Group value={selected} onChange={(next) => onChange(next.map(String))} disabled={disabled}>
          <div className={styles.options}>
            {(question.options ?? []).map((option) => (
              <Checkbox key={option.value} value={option.value} className={styles.option} block>
                {option.label}
              </Checkbox>
            ))}
          </div>
        </Checkbox.Group>
      )}

      {question.type === 'text' && (
        <GrowingTextArea
          ref={textRef}
          id={`question-${question.id}-input`}
          className={styles.textArea}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          placeholder={question.placeholder ?? '请输入'}
          maxLength={question.maxLength}
          showCount={question.maxLength !== undefined}
          minRows={3}
          maxRows={8}
          disabled={disabled}
        />
      )}

      {question.type !== 'single' && question.type !== 'multiple' && question.type !== 'text' && (
        // A question type the server added and the app does not know yet: say so rather than show nothing.
        <p className={styles.error}>此题型暂不支持在手机上作答，请联系工作人员。</p>
      )}

      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
});
