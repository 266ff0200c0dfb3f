import type { ReactNode } from 'react';
import * as styles from './Card.css';

export const cardElements = ['div', 'article', 'li', 'section'] as const;
export type CardElement = (typeof cardElements)[number];

export interface CardProps {
  /** Element to render; 'li' inside a list of cards. Default 'div'. */
  as?: CardElement;
  /** Accessible name when rendered as a section or article. */
  'aria-labelledby'?: string;
  children: ReactNode;
}

/** A surface that groups related content. */
export function Card({ as: Tag = 'div', children, ...props }: CardProps) {
  return (
    <Tag className={styles.root} {...props}>
      {children}
    </Tag>
  );
}
