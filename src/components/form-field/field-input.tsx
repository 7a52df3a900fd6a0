import { Input, type InputProps, type InputRef } from 'antd-mobile';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { setNativeFieldState } from './native-field-state';

export interface FieldInputProps extends Omit<InputProps, 'aria-invalid' | 'aria-describedby'> {
  'aria-invalid'?: boolean;
  /** The id of the field's message (fieldMessageId of the input's id). */
  'aria-describedby'?: string;
}

/** antd-mobile's Input with its invalid state and message on the <input> itself (see setNativeFieldState). */
export const FieldInput = forwardRef<InputRef, FieldInputProps>(function FieldInput(
  { 'aria-invalid': invalid, 'aria-describedby': describedBy, ...props },
  ref,
) {
  const inner = useRef<InputRef>(null);
  useImperativeHandle(ref, () => inner.current!, []);

  useLayoutEffect(() => {
    const element = inner.current?.nativeElement;
    if (element) setNativeFieldState(element, { invalid, describedBy });
  }, [invalid, describedBy]);

  return <Input ref={inner} {...props} />;
});
