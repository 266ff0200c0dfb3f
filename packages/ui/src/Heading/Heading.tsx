import type { ReactNode } from 'react';
import * as styles from './Heading.css';

export const headingLevels = [1, 2, 3, 4] as const;
export type HeadingLevel = (typeof headingLevels)[number];

export interface HeadingProps {
  /** Document outline level; also sets the size. */
  level: HeadingLevel;
  children: ReactNode;
  id?: string;
  /** -1 lets the app move focus to the heading after navigation. */
  tabIndex?: number;
}

/** A section heading (h1–h4). */
export function Heading({ level, children, id, tabIndex }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} tabIndex={tabIndex} className={styles.root({ level })}>
      {children}
    </Tag>
  );
}
