import type { ReactNode } from 'react';
import * as styles from './Badge.css';

export const badgeTones = ['neutral', 'info', 'positive', 'warning', 'critical', 'strong'] as const;
export type BadgeTone = (typeof badgeTones)[number];

export type BadgeProps = styles.RootVariants & {
  /**
   * Short status text; the tone only repeats what the text says.
   * @example <Badge tone="positive">{t('content.published')}</Badge>
   */
  children: ReactNode;
};

/** A small, outlined status marker ('Neu', 'Öffentlich', a count). The text carries the meaning, the tone stresses it. */
export function Badge({ tone, children }: BadgeProps) {
  return <span className={styles.root({ tone })}>{children}</span>;
}
