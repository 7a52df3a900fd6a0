import { Input, type InputProps, type InputRef } from 'antd-mobile';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react';

export interface FieldInputProps extends Omit<InputProps, 'aria-invalid' | 'aria-describedby'> {
  'aria-invalid'?: boolean;
  /** The id of the field's message (FormField's `${id}_error`). */
  'aria-describedby'?: string;
}

/**
 * antd-mobile's Input with its invalid state and message on the <input> itself. antd-mobile puts
 * ARIA props on its wrapper <div>, where a screen reader never reads them with the field.
 */
export const FieldInput = forwardRef<InputRef, FieldInputProps>(function FieldInput(
  { 'aria-invalid': invalid, 'aria-describedby': describedBy, ...props },
  ref,
) {
  const inner = useRef<InputRef>(null);
  useImperativeHandle(ref, () => inner.current!, []);

  useLayoutEffect(() => {
    const element = inner.current?.nativeElement;
    if (!element) return;
    if (invalid) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
    if (describedBy) element.setAttribute('aria-describedby', describedBy);
    else element.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);

  return <Input ref={inner} {...props} />;
});
