import { createContext, type ReactNode, useContext } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import * as styles from './NavLink.css';

export const navLinkPlacements = ['navbar', 'side'] as const;

type NavLinkPlacement = (typeof navLinkPlacements)[number];

/**
 * The placement of NavLinks that name none: AppShell renders the same navigation in its drawer, where the
 * entries stand one below the other like a side navigation.
 */
export const NavLinkPlacementContext = createContext<NavLinkPlacement>('navbar');

export type NavLinkProps = Omit<styles.RootVariants, 'active'> & {
  href: string;
  /** The current section; sets aria-current="page" and the highlight. */
  active?: boolean;
  /**
   * A decorative icon before the text; on phones (below the tablet breakpoint) only the icon shows and the
   * text stays the link's accessible name, for a long entry in a crowded navbar.
   * @example <NavLink href="/support?thema=library" icon={<HelpIcon />}>Hilfe: Mediathek</NavLink>
   */
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * An entry of the AppShell navigation, rendered with the LinkProvider's component.
 * `placement="side"` styles it for the AppShell's side navigation.
 */
export function NavLink({ href, active = false, placement, icon, children }: NavLinkProps) {
  const Link = useLinkComponent();
  const surrounding = useContext(NavLinkPlacementContext);
  return (
    <Link
      href={href}
      className={styles.root({ active, placement: placement ?? surrounding })}
      aria-current={active ? 'page' : undefined}
    >
      {icon ? (
        <>
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
          <span className={styles.collapsibleText}>{children}</span>
        </>
      ) : (
        children
      )}
    </Link>
  );
}
