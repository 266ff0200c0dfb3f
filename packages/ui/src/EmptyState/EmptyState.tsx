import type { ReactNode } from 'react';
import * as styles from './EmptyState.css';

export interface EmptyStateProps {
  /** What is missing (e.g. 'Keine Inhalte gefunden'). */
  title: string;
  /** What the user can do about it. */
  description?: string;
  /** Usually a Button. */
  action?: ReactNode;
}

/** Shown in place of a list that has nothing to show. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className={styles.root}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Zm0 0 8 4.5m0 0 8-4.5M12 12v9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
