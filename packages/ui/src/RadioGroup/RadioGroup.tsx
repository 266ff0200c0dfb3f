import * as RadixRadioGroup from '@radix-ui/react-radio-group';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { FormField } from '../FormField/FormField';
import * as styles from './RadioGroup.css';

export interface RadioOption {
  /** The value the group reports when this option is chosen; unique within the group. */
  value: string;
  /** Visible text of the option. */
  label: string;
  /** A sentence below the option's label. */
  hint?: string;
  /** Makes only this option unavailable. */
  disabled?: boolean;
}

export type RadioGroupProps = Omit<
  ComponentPropsWithoutRef<typeof RadixRadioGroup.Root>,
  'asChild' | 'children' | 'orientation' | 'value' | 'disabled'
> &
  styles.GroupVariants & {
    /** The question, e.g. 'Sichtbarkeit'; the group's accessible name. */
    label: string;
    /**
     * The chosen option's value (controlled, with `onValueChange`); `null` for none. Use
     * `defaultValue` for an uncontrolled group.
     */
    value?: string | null;
    /** Makes every option unavailable; single options use `RadioOption.disabled`. */
    disabled?: boolean;
    /** A sentence below the question, linked with aria-describedby. */
    hint?: string;
    /** Validation message, linked with aria-describedby. */
    error?: string;
    /**
     * The choices, in order.
     * @example <RadioGroup label={t('visibility')} options={[{ value: 'org', label: t('org') }]} />
     */
    options: readonly RadioOption[];
  };

/** One choice out of a few visible options; arrow keys move between them (Radix RadioGroup). */
export const RadioGroup = forwardRef<HTMLDivElement, RadioGroupProps>(function RadioGroup(
  { label, hint, error, options, orientation, id, className, ...props },
  ref,
) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} labelElement="span" className={className}>
      {(control, ids) => (
        <RadixRadioGroup.Root
          ref={ref}
          className={styles.group({ orientation })}
          orientation={orientation ?? 'vertical'}
          aria-labelledby={ids.labelId}
          {...control}
          {...props}
        >
          {options.map((option) => {
            const optionId = `${ids.controlId}-${option.value}`;
            return (
              <div key={option.value} className={styles.option}>
                <RadixRadioGroup.Item
                  id={optionId}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.radio}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                >
                  <RadixRadioGroup.Indicator className={styles.indicator} />
                </RadixRadioGroup.Item>
                <div className={styles.text}>
                  <label htmlFor={optionId} className={styles.label}>
                    {option.label}
                  </label>
                  {option.hint ? (
                    <p id={`${optionId}-hint`} className={styles.optionHint}>
                      {option.hint}
                    </p>
                  ) : null}
                </div>
              </div>
            );
          })}
        </RadixRadioGroup.Root>
      )}
    </FormField>
  );
});
RadioGroup.displayName = 'RadioGroup';
