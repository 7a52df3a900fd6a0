export { FieldInput, type FieldInputProps } from './field-input';
export { FormField, type FormFieldProps } from './form-field';
export { setNativeFieldState } from './native-field-state';
