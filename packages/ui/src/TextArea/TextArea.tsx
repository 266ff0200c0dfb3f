import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FormField, splitFieldProps } from '../FormField/FormField';
import * as styles from './TextArea.css';

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> & {
  /** Visible label, also the text area's accessible name. */
  label: string;
  /** Help text below the text area, linked with aria-describedby. */
  hint?: string;
  /**
   * Validation message; marks the text area aria-invalid and links the message with aria-describedby.
   * @example <TextArea label="Beschreibung" rows={6} error={errors.description} />
   */
  error?: string;
  /** Visible lines of text before the user resizes it (height only). Default 4. */
  rows?: number;
  /** Text area id; generated when omitted. */
  id?: string;
};

/** A labelled multi-line text input with optional hint and error message (built on FormField). */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(props, ref) {
  const {
    fieldProps,
    controlProps: { rows = 4, ...textAreaProps },
  } = splitFieldProps(props);
  return (
    <FormField {...fieldProps}>
      {(control) => (
        <textarea ref={ref} rows={rows} className={styles.textArea} {...control} {...textAreaProps} />
      )}
    </FormField>
  );
});
TextArea.displayName = 'TextArea';
