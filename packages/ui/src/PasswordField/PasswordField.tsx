import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { FormField, splitFieldProps } from '../FormField/FormField';
import * as fieldStyles from '../FormField/FormField.css';
import * as styles from './PasswordField.css';

export type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'type'> & {
  /** Visible label, e.g. 'Passwort'. */
  label: string;
  hint?: string;
  /** Validation message, linked with aria-describedby. */
  error?: string;
  /**
   * Accessible name of the show/hide button while the password is hidden, e.g. 'Passwort anzeigen'.
   * @example <PasswordField label={t('password')} showPasswordLabel={t('showPassword')} hidePasswordLabel={t('hidePassword')} />
   */
  showPasswordLabel: string;
  /** Accessible name of the show/hide button while the password is shown, e.g. 'Passwort verbergen'. */
  hidePasswordLabel: string;
  id?: string;
};

const eye = 'M1 10s3.5-6 9-6 9 6 9 6-3.5 6-9 6-9-6-9-6Zm9 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';

/** A password input whose value can be shown and hidden again with a button inside the field. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(allProps, ref) {
    const {
      fieldProps,
      controlProps: { showPasswordLabel, hidePasswordLabel, disabled, ...props },
    } = splitFieldProps(allProps);
    const [visible, setVisible] = useState(false);
    return (
      <FormField {...fieldProps}>
        {(control, ids) => (
          <div className={fieldStyles.inputWrapper}>
            <input
              ref={ref}
              type={visible ? 'text' : 'password'}
              className={`${fieldStyles.input} ${styles.input}`}
              disabled={disabled}
              {...control}
              {...props}
            />
            <button
              type="button"
              className={fieldStyles.inputButton}
              aria-label={visible ? hidePasswordLabel : showPasswordLabel}
              aria-controls={ids.controlId}
              disabled={disabled}
              onClick={() => setVisible((current) => !current)}
            >
              <svg className={styles.toggleIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d={eye} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
                {visible ? (
                  <path d="m3 17 14-14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                ) : null}
              </svg>
            </button>
          </div>
        )}
      </FormField>
    );
  },
);
PasswordField.displayName = 'PasswordField';
