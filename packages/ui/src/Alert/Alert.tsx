import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import * as styles from './Alert.css';

export const alertTones = ['info', 'success', 'warning', 'critical'] as const;
export type AlertTone = (typeof alertTones)[number];

const iconPaths = {
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5-5 1.4 1.4-6.4 6.4Z',
  critical:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5h2v7h-2V7Zm1 11a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z',
  warning: 'M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm1 10a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 8h2v8h-2v-8Zm1-4a1.3 1.3 0 1 1 0 2.6A1.3 1.3 0 0 1 12 6Z',
} as const satisfies Record<AlertTone, string>;

export type AlertProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  /** Colour and icon. Default 'info'. */
  tone?: AlertTone;
  /** A few bold words above the message. */
  title?: ReactNode;
  /** The message; may hold a link or a Button. */
  children: ReactNode;
  /**
   * Announce the message when it appears: 'assertive' (role alert, for errors after an action),
   * 'polite' (role status) or 'off' (default, a message that is part of the page).
   * @example <Alert tone="critical" announce="assertive">{t('saveFailed')}</Alert>
   */
  announce?: 'off' | 'polite' | 'assertive';
};

/** An inline message inside the page, e.g. above a form or a list. Toasts are for passing notices. */
export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { tone = 'info', title, announce = 'off', className, children, ...props },
  ref,
) {
  const role = announce === 'assertive' ? 'alert' : announce === 'polite' ? 'status' : undefined;
  return (
    <div
      ref={ref}
      role={role}
      data-tone={tone}
      className={[styles.root({ tone }), className].filter(Boolean).join(' ')}
      {...props}
    >
      <svg className={styles.icon({ tone })} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={iconPaths[tone]} />
      </svg>
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
});
Alert.displayName = 'Alert';
