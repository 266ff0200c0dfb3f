import type { MouseEvent, ReactNode } from 'react';
import * as styles from './SkipLink.css';

export interface SkipLinkProps {
  /** Id of the element to jump to. Default 'main'. */
  targetId?: string;
  /** Visible text when focused (e.g. 'Zum Inhalt springen'). */
  children: ReactNode;
}

/** The first stop of the Tab key: jumps past the navigation to the main content. */
export function SkipLink({ targetId = 'main', children }: SkipLinkProps) {
  // Focus the target ourselves: a client-side router may not honour the hash, and browsers
  // do not always move keyboard focus along with the scroll position.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
  return (
    <a href={`#${targetId}`} className={styles.root} onClick={onClick}>
      {children}
    </a>
  );
}
