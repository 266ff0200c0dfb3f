import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId } from 'react';
import * as fieldStyles from '../FormField/FormField.css';
import * as styles from './Checkbox.css';

export type CheckboxProps = Omit<
  ComponentPropsWithoutRef<typeof RadixCheckbox.Root>,
  'checked' | 'defaultChecked' | 'onCheckedChange' | 'asChild' | 'children'
> & {
  /** Visible label; clicking it toggles the box. May contain links. */
  label: ReactNode;
  /** Controlled state. */
  checked?: boolean;
  /** Initial state when uncontrolled. */
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** A sentence below the label, linked with aria-describedby. */
  hint?: string;
  /**
   * Validation message (e.g. a required consent); marks the box aria-invalid and links the message.
   * @example <Checkbox label={t('acceptTerms')} error={errors.terms} />
   */
  error?: string;
};

/** A labelled checkbox on Radix Checkbox. */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { label, hint, error, id, onCheckedChange, className, 'aria-describedby': describedBy, ...props },
  ref,
) {
  const generatedId = useId();
  const boxId = id ?? generatedId;
  const hintId = `${boxId}-hint`;
  const errorId = `${boxId}-error`;
  const describedByIds = [describedBy, hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      <RadixCheckbox.Root
        ref={ref}
        id={boxId}
        className={styles.box}
        aria-describedby={describedByIds || undefined}
        aria-invalid={error ? true : undefined}
        onCheckedChange={onCheckedChange ? (state) => onCheckedChange(state === true) : undefined}
        {...props}
      >
        <RadixCheckbox.Indicator className={styles.indicator}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M3 8.5 6.5 12 13 4.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <div className={styles.text}>
        <label htmlFor={boxId} className={styles.label}>
          {label}
        </label>
        {hint ? (
          <p id={hintId} className={fieldStyles.hint}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className={fieldStyles.error}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
});
Checkbox.displayName = 'Checkbox';
