import { forwardRef, type InputHTMLAttributes } from 'react';
import { FormField } from '../FormField/FormField';
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
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, type = 'text', className, 'aria-describedby': describedBy, ...props },
  ref,
) {
  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      id={id}
      describedBy={describedBy}
      className={className}
    >
      {(control) => <input ref={ref} type={type} className={fieldStyles.input} {...control} {...props} />}
    </FormField>
  );
});
TextField.displayName = 'TextField';
