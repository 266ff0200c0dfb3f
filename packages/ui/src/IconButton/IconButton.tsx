import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import * as buttonStyles from '../Button/Button.css';
import { SpinnerIcon } from '../Spinner/SpinnerIcon';
import * as styles from './IconButton.css';

export const iconButtonVariants = ['ghost', 'secondary', 'primary', 'danger'] as const;
export type IconButtonVariant = (typeof iconButtonVariants)[number];

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> &
  styles.RootVariants & {
    /**
     * The accessible name; required because the button shows only an icon.
     * @example <IconButton label={t('delete')} variant="danger"><TrashIcon /></IconButton>
     */
    label: string;
    /** The icon, an inline SVG (hidden from screen readers). */
    children: ReactNode;
    /** Colour, as Button's variants. Default 'ghost'. */
    variant?: IconButtonVariant;
    /** Shows a spinner and blocks clicks. */
    loading?: boolean;
  };

/** A round button that shows only an icon and is named by its `label`. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, variant = 'ghost', size, loading = false, disabled, className, children, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      className={[buttonStyles.root({ variant, size }), styles.root({ size }), className]
        .filter(Boolean)
        .join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <SpinnerIcon /> : children}
    </button>
  );
});
IconButton.displayName = 'IconButton';
