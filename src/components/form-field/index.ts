export { FieldInput, type FieldInputProps } from './field-input';
export { FormField, type FormFieldProps } from './form-field';
