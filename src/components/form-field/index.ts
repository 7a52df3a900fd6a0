export { FieldInput, type FieldInputProps } from './field-input';
export { FormField, fieldMessageId, type FormFieldProps } from './form-field';
export { setNativeFieldState } from './native-field-state';
