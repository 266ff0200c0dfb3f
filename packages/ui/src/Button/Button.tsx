import { type ButtonHTMLAttributes, forwardRef, type MouseEvent, type ReactNode } from 'react';
import { SpinnerIcon } from '../Spinner/SpinnerIcon';
import { visuallyHidden } from '../styles/utils.css';
import { ReasonTooltip } from '../Tooltip/ReasonTooltip';
import * as styles from './Button.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  styles.RootVariants & {
    /**
     * Shows a spinner and blocks clicks while an action runs.
     * @example <Button loading={mutation.isPending} loadingLabel={t('saving')}>{t('save')}</Button>
     */
    loading?: boolean;
    /** Read by screen readers after the button text while `loading` (e.g. 'Wird gespeichert'). */
    loadingLabel?: string;
    /**
     * A decorative icon (an inline SVG, hidden from screen readers) before the text; the spinner takes
     * its place while loading.
     * @example <Button icon={<UploadIcon />}>{t('upload')}</Button>
     */
    icon?: ReactNode;
    /**
     * Why the action is not available right now. The button stays focusable but does nothing (aria-disabled),
     * looks disabled, and shows the reason as a tooltip on hover and keyboard focus, which is also its accessible
     * description. For a plain disabled button without a reason use `disabled`.
     * @example <Button disabledReason={t('needsVersion', { version: '4.9.4' })}>{t('mute')}</Button>
     */
    disabledReason?: string;
  };

/**
 * A button. `primary` is the orange call to action (one per view), `secondary` dark blue,
 * `ghost` for low-emphasis actions, `danger` for destructive ones.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    fullWidth,
    loading = false,
    loadingLabel,
    icon,
    disabled,
    disabledReason,
    className,
    children,
    onClick,
    ...props
  },
  ref,
) {
  const unavailable = disabledReason !== undefined && !disabled;
  const button = (
    <button
      ref={ref}
      className={[styles.root({ variant, size, fullWidth }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-disabled={unavailable || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // Kept focusable so the reason can be read; it must not act (nor submit its form).
        if (unavailable) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {loading ? (
        <SpinnerIcon className={styles.spinner} />
      ) : icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
      {loading && loadingLabel ? <span className={visuallyHidden}>{loadingLabel}</span> : null}
    </button>
  );
  return unavailable ? <ReasonTooltip reason={disabledReason}>{button}</ReasonTooltip> : button;
});
Button.displayName = 'Button';
