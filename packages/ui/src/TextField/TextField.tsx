import { forwardRef, type InputHTMLAttributes } from 'react';
import { FormField, splitFieldProps } from '../FormField/FormField';
import * as fieldStyles from '../FormField/FormField.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  /** Visible label, also the input's accessible name. */
  label: string;
  /** Help text below the input, linked with aria-describedby. */
  hint?: string;
  /**
   * Validation message; marks the input aria-invalid and links the message with aria-describedby.
   * @example <TextField label="E-Mail" error={errors.email} />
   */
  error?: string;
  /** Input id; generated when omitted. */
  id?: string;
};

/** A labelled text input with optional hint and error message (built on FormField). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const {
    fieldProps,
    controlProps: { type = 'text', ...inputProps },
  } = splitFieldProps(props);
  return (
    <FormField {...fieldProps}>
      {(control) => (
        <input ref={ref} type={type} className={fieldStyles.input} {...control} {...inputProps} />
      )}
    </FormField>
  );
});
TextField.displayName = 'TextField';
