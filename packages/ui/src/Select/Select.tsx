import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FormField, splitFieldProps } from '../FormField/FormField';
import * as fieldStyles from '../FormField/FormField.css';
import * as styles from './Select.css';

export interface SelectOption {
  value: string;
  /** Visible text of the option. */
  label: string;
  disabled?: boolean;
}

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'multiple' | 'value'> & {
  /** Visible label, e.g. 'Organisation'. */
  label: string;
  /**
   * The chosen option's value (controlled, with `onChange`); '' selects the placeholder. Use
   * `defaultValue` for an uncontrolled select.
   */
  value?: SelectHTMLAttributes<HTMLSelectElement>['value'];
  /** A sentence below the label, linked with aria-describedby. */
  hint?: string;
  /** Validation message; marks the select aria-invalid and links the message with aria-describedby. */
  error?: string;
  /**
   * The choices, in order.
   * @example <Select label={t('role')} options={roles.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
   */
  options: readonly SelectOption[];
  /** Text of an empty first option (value ''), e.g. 'Bitte wählen'; it cannot be picked again. */
  placeholder?: string;
  id?: string;
};

/**
 * A single choice from a list, on the native `<select>`: keyboard, screen reader, form and mobile
 * picker support come from the browser, with none of the listbox code a custom select needs.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(allProps, ref) {
  const {
    fieldProps,
    controlProps: { options, placeholder, ...props },
  } = splitFieldProps(allProps);
  return (
    <FormField {...fieldProps}>
      {(control) => (
        <div className={fieldStyles.inputWrapper}>
          <select
            ref={ref}
            className={`${fieldStyles.input} ${styles.select}`}
            {...(placeholder !== undefined && props.value === undefined && props.defaultValue === undefined
              ? { defaultValue: '' }
              : {})}
            {...control}
            {...props}
          >
            {placeholder !== undefined ? (
              <option value="" disabled className={styles.option}>
                {placeholder}
              </option>
            ) : null}
            {options.map((option) => (
              <option
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className={styles.option}
              >
                {option.label}
              </option>
            ))}
          </select>
          <svg className={styles.chevron} viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <path
              d="m2 5 5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      )}
    </FormField>
  );
});
Select.displayName = 'Select';
