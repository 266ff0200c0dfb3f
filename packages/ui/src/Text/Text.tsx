import type { ReactNode } from 'react';
import * as styles from './Text.css';

export const textElements = ['p', 'span', 'div', 'strong'] as const;
export type TextElement = (typeof textElements)[number];

export type TextProps = styles.RootVariants & {
  /** Element to render. Default 'p'. */
  as?: TextElement;
  id?: string;
  children: ReactNode;
};

/** Body text in the theme's font, with a tone (muted, critical, positive, warning) and a size. */
export function Text({ as: Tag = 'p', tone, size, weight, id, children }: TextProps) {
  return (
    <Tag id={id} className={styles.root({ tone, size, weight })}>
      {children}
    </Tag>
  );
}
