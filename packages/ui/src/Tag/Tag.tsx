import type { ReactNode } from 'react';
import * as styles from './Tag.css';

export const tagSizes = ['small', 'medium'] as const;

export type TagProps = styles.RootVariants & {
  /**
   * The tag's text, e.g. a content type or a category.
   * @example <Tag>{t('library.type.video')}</Tag>
   */
  children: ReactNode;
  /** Full text shown as a tooltip when a long tag is cut off with an ellipsis. */
  title?: string;
};

/** A rounded label that classifies something (content type, 180°/360°, a subject). Not interactive. */
export function Tag({ size, title, children }: TagProps) {
  return (
    <span className={styles.root({ size })} title={title}>
      {children}
    </span>
  );
}
