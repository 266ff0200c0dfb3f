import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { SpinnerIcon } from '../Spinner/SpinnerIcon';
import { visuallyHidden } from '../styles/utils.css';
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
  };

/**
 * A button. `primary` is the orange call to action (one per view), `secondary` dark blue,
 * `ghost` for low-emphasis actions, `danger` for destructive ones.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, fullWidth, loading = false, loadingLabel, icon, disabled, className, children, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      className={[styles.root({ variant, size, fullWidth }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
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
});
Button.displayName = 'Button';
