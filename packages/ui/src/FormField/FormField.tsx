import { type ReactNode, useId } from 'react';
import { visuallyHidden } from '../styles/utils.css';
import * as styles from './FormField.css';

/** What FormField hands to its control: spread it onto the input (or the element that carries the name). */
export interface FormFieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** Ids FormField generates, for controls that need more than the spread props (e.g. aria-labelledby). */
export interface FormFieldIds {
  controlId: string;
  labelId: string;
  hintId: string;
  errorId: string;
}

export const formFieldLabelElements = ['label', 'span'] as const;
export type FormFieldLabelElement = (typeof formFieldLabelElements)[number];

export const formFieldControlPlacements = ['below', 'before'] as const;
export type FormFieldControlPlacement = (typeof formFieldControlPlacements)[number];

export interface FormFieldProps {
  /** Visible label; the control's accessible name. */
  label: ReactNode;
  /** Help text below the control, linked with aria-describedby. */
  hint?: ReactNode;
  /**
   * Validation message; marks the control aria-invalid and links the message with aria-describedby.
   * @example <FormField label="E-Mail" error={errors.email}>{(control) => <input {...control} />}</FormField>
   */
  error?: ReactNode;
  /** Control id; generated when omitted. */
  id?: string;
  /** Further ids the control is described by (they come first). */
  describedBy?: string;
  /**
   * `label` (default) ties the label to the control with `for`; use `span` for controls that are not
   * labelable (a radio group, a drop zone) and point their aria-labelledby at `ids.labelId`.
   */
  labelElement?: FormFieldLabelElement;
  /** Keeps the label for screen readers only (e.g. a search field next to a heading that says it all). */
  hideLabel?: boolean;
  /**
   * `below` (default): the control under the label, for text inputs and selects. `before`: the control
   * in a row before the label, with hint and error under the label, for switches.
   * @example <FormField label={t('autoSync')} controlPlacement="before">{(control) => <SwitchRoot {...control} />}</FormField>
   */
  controlPlacement?: FormFieldControlPlacement;
  className?: string;
  /** Renders the control. */
  children: (control: FormFieldControlProps, ids: FormFieldIds) => ReactNode;
}

/**
 * What a field with one control (TextField, TextArea, Select, PasswordField, SearchField) hands to FormField rather
 * than to its control.
 */
interface PassedToFormField {
  label: string;
  hint?: string;
  error?: string;
  id?: string;
  className?: string;
  'aria-describedby'?: string;
  hideLabel?: boolean;
}

/**
 * Splits a field's props into FormField's (texts, className on the field, the caller's aria-describedby) and the
 * control's (everything else), so each field passes them the same way.
 * @example const { fieldProps, controlProps } = splitFieldProps(props); return <FormField {...fieldProps}>{(control) => <input {...control} {...controlProps} />}</FormField>;
 */
export function splitFieldProps<Props extends PassedToFormField>(
  props: Props,
): { fieldProps: Omit<FormFieldProps, 'children'>; controlProps: Omit<Props, keyof PassedToFormField> } {
  const {
    label,
    hint,
    error,
    id,
    className,
    hideLabel,
    'aria-describedby': describedBy,
    ...controlProps
  } = props;
  return { fieldProps: { label, hint, error, id, className, hideLabel, describedBy }, controlProps };
}

/**
 * The one mechanism for labelled form controls: label, control, hint and error message, with the hint
 * and error wired to the control's aria-describedby and aria-invalid set while there is an error.
 */
export function FormField({
  label,
  hint,
  error,
  id,
  describedBy,
  labelElement = 'label',
  hideLabel = false,
  controlPlacement = 'below',
  className,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const ids: FormFieldIds = {
    controlId,
    labelId: `${controlId}-label`,
    hintId: `${controlId}-hint`,
    errorId: `${controlId}-error`,
  };
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedByIds = [describedBy, hint ? ids.hintId : undefined, hasError ? ids.errorId : undefined]
    .filter(Boolean)
    .join(' ');
  const control: FormFieldControlProps = { id: controlId };
  if (describedByIds) control['aria-describedby'] = describedByIds;
  if (hasError) control['aria-invalid'] = true;
  const before = controlPlacement === 'before';
  const labelClass = hideLabel ? visuallyHidden : before ? styles.inlineLabel : styles.label;
  const labelNode =
    labelElement === 'label' ? (
      <label id={ids.labelId} htmlFor={controlId} className={labelClass}>
        {label}
      </label>
    ) : (
      <span id={ids.labelId} className={labelClass}>
        {label}
      </span>
    );
  const hintNode = hint ? (
    <p id={ids.hintId} className={styles.hint}>
      {hint}
    </p>
  ) : null;
  const errorNode = hasError ? (
    <div id={ids.errorId} className={styles.error}>
      <svg className={styles.errorIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm.9 8.6a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z"
        />
      </svg>
      <div>{error}</div>
    </div>
  ) : null;
  if (before) {
    return (
      <div className={[styles.inlineRoot, className].filter(Boolean).join(' ')}>
        {children(control, ids)}
        <div className={styles.inlineText}>
          {labelNode}
          {hintNode}
          {errorNode}
        </div>
      </div>
    );
  }
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      {labelNode}
      {children(control, ids)}
      {hintNode}
      {errorNode}
    </div>
  );
}
