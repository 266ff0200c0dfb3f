import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import * as styles from './TextField.css';

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

/** A labelled text input with optional hint and error message. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, type = 'text', className, 'aria-describedby': describedBy, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        type={type}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds || undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          <svg className={styles.errorIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm.9 8.6a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z"
            />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
});
TextField.displayName = 'TextField';
