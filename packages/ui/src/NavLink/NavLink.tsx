import type { ReactNode } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import * as styles from './NavLink.css';

export const navLinkPlacements = ['navbar', 'side'] as const;

export type NavLinkProps = Omit<styles.RootVariants, 'active'> & {
  href: string;
  /** The current section; sets aria-current="page" and the highlight. */
  active?: boolean;
  children: ReactNode;
};

/**
 * An entry of the AppShell navigation, rendered with the LinkProvider's component.
 * `placement="side"` styles it for the AppShell's side navigation.
 */
export function NavLink({ href, active = false, placement, children }: NavLinkProps) {
  const Link = useLinkComponent();
  return (
    <Link
      href={href}
      className={styles.root({ active, placement })}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}
