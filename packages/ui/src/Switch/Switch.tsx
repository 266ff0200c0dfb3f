import * as RadixSwitch from '@radix-ui/react-switch';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { FormField } from '../FormField/FormField';
import { visuallyHidden } from '../styles/utils.css';
import { ReasonTooltip } from '../Tooltip/ReasonTooltip';
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
  /**
   * Why the setting cannot be changed right now. The switch stays focusable but does not toggle (aria-disabled),
   * looks disabled, and shows the reason as a tooltip on hover and keyboard focus (its accessible description).
   * @example <Switch label={t('guidedMode')} checked={on} disabledReason={t('needsVersion', { version: '4.0.1' })} />
   */
  disabledReason?: string;
};

/**
 * An on/off setting that takes effect at once (a Checkbox is for choices submitted with a form). Built
 * on FormField: the switch sits before its label, hint and error.
 */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { label, hint, error, disabledReason, id, className, 'aria-describedby': describedBy, onClick, ...props },
  ref,
) {
  const unavailable = disabledReason !== undefined && !props.disabled;
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
      {(control) => {
        // With a hint, the hint's aria-describedby would win over the tip's on the merged trigger: the reason is then
        // named after the hint from a hidden copy (without a hint, the open tip describes the switch itself).
        const hinted = unavailable && control['aria-describedby'] !== undefined;
        const reasonId = `${control.id}-reason`;
        const root = (
          <RadixSwitch.Root
            ref={ref}
            className={styles.track}
            {...control}
            aria-describedby={
              unavailable
                ? [control['aria-describedby'], reasonId].filter(Boolean).join(' ')
                : control['aria-describedby']
            }
            {...props}
            aria-disabled={unavailable || undefined}
            onClick={(event) => {
              // Radix leaves the state alone when the click was prevented: the reason stays readable, nothing toggles.
              if (unavailable) event.preventDefault();
              else onClick?.(event);
            }}
          >
            <RadixSwitch.Thumb className={styles.thumb} />
          </RadixSwitch.Root>
        );
        if (!unavailable) return root;
        return (
          <>
            <ReasonTooltip reason={disabledReason}>{root}</ReasonTooltip>
            {hinted ? (
              <span id={reasonId} className={visuallyHidden}>
                {disabledReason}
              </span>
            ) : null}
          </>
        );
      }}
    </FormField>
  );
});
Switch.displayName = 'Switch';
