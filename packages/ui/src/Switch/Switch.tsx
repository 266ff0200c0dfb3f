import * as RadixSwitch from '@radix-ui/react-switch';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import * as styles from './Switch.css';

export type SwitchProps = Omit<ComponentPropsWithoutRef<typeof RadixSwitch.Root>, 'asChild' | 'children'> & {
  /**
   * Visible label that says what is switched on, e.g. 'Automatisch synchronisieren'.
   * @example <Switch label={t('autoSync')} checked={autoSync} onCheckedChange={setAutoSync} />
   */
  label: string;
  /** A sentence below the label, linked with aria-describedby. */
  hint?: string;
};

/** An on/off setting that takes effect at once (a Checkbox is for choices submitted with a form). */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { label, hint, id, className, 'aria-describedby': describedBy, ...props },
  ref,
) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const hintId = `${switchId}-hint`;
  const describedByIds = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      <RadixSwitch.Root
        ref={ref}
        id={switchId}
        className={styles.track}
        aria-describedby={describedByIds || undefined}
        {...props}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
      <div className={styles.text}>
        <label htmlFor={switchId} className={styles.label}>
          {label}
        </label>
        {hint ? (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
});
Switch.displayName = 'Switch.Root';
