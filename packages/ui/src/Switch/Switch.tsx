import * as RadixSwitch from '@radix-ui/react-switch';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { FormField } from '../FormField/FormField';
import * as styles from './Switch.css';

export type SwitchProps = Omit<ComponentPropsWithoutRef<typeof RadixSwitch.Root>, 'asChild' | 'children'> & {
  /**
   * Visible label that says what is switched on, e.g. 'Automatisch synchronisieren'.
   * @example <Switch label={t('autoSync')} checked={autoSync} onCheckedChange={setAutoSync} />
   */
  label: string;
  /** A sentence below the label, linked with aria-describedby. */
  hint?: string;
  /**
   * Message when the setting could not be applied or is required; marks the switch aria-invalid and
   * links the message with aria-describedby (FormField).
   * @example <Switch label={t('autoSync')} error={saveFailed ? t('autoSyncFailed') : undefined} />
   */
  error?: string;
};

/**
 * An on/off setting that takes effect at once (a Checkbox is for choices submitted with a form). Built
 * on FormField: the switch sits before its label, hint and error.
 */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { label, hint, error, id, className, 'aria-describedby': describedBy, ...props },
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
      controlPlacement="before"
    >
      {(control) => (
        <RadixSwitch.Root ref={ref} className={styles.track} {...control} {...props}>
          <RadixSwitch.Thumb className={styles.thumb} />
        </RadixSwitch.Root>
      )}
    </FormField>
  );
});
Switch.displayName = 'Switch';
