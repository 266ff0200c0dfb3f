import type { ReactNode } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import * as styles from './NavLink.css';

export interface NavLinkProps {
  href: string;
  /** The current section; sets aria-current="page" and the highlight. */
  active?: boolean;
  children: ReactNode;
}

/** An entry of the AppShell navigation, rendered with the LinkProvider's component. */
export function NavLink({ href, active = false, children }: NavLinkProps) {
  const Link = useLinkComponent();
  return (
    <Link href={href} className={styles.root({ active })} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
