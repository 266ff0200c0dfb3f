import { lazy, type MouseEvent, type ReactNode, Suspense, useRef, useState } from 'react';
import { IconButton } from '../IconButton/IconButton';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import { NavLinkPlacementContext } from '../NavLink/NavLink';
import { SkipLink } from '../SkipLink/SkipLink';
import { NAVBAR_HEIGHT_PX } from '../theme/tokens';
import * as styles from './AppShell.css';

export { NAVBAR_HEIGHT_PX };

const MAIN_ID = 'main';

// Loaded when the menu button is first pressed: pages on wide screens and first paints need no Radix Dialog.
const Drawer = lazy(() => import('../Drawer/Drawer').then((module) => ({ default: module.Drawer })));

function MenuIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
    </svg>
  );
}

export interface AppShellProps {
  /** Logo or product name at the start of the navbar. */
  brand: ReactNode;
  /** When set, the brand becomes a link (rendered with the LinkProvider's component). */
  brandHref?: string;
  /** NavLinks; wrapped in a <nav> landmark. */
  navigation?: ReactNode;
  /** Accessible name of the navigation landmark (e.g. 'Hauptnavigation'). */
  navigationLabel?: string;
  /** Controls at the end of the navbar (help, login/logout). */
  actions?: ReactNode;
  /**
   * With it, narrow screens (below the desktop breakpoint) show a menu button of this name instead of the
   * navigation, which opens the navigation in a drawer; without it, the navigation scrolls sideways there.
   * @example menuButtonLabel={t('nav.menu')} menuCloseLabel={t('nav.menuClose')}
   */
  menuButtonLabel?: string;
  /** Accessible name of the drawer's close button (with `menuButtonLabel`). */
  menuCloseLabel?: string;
  /** The page footer (e.g. legal links), in a <footer> landmark below the main area. */
  footer?: ReactNode;
  /**
   * Optional side navigation (e.g. NavLinks with `placement="side"` for settings sections), in its own
   * <nav> beside the main area; it moves above the main area on narrow screens.
   * @example sideNavigation={<><NavLink placement="side" href="/settings/profile" active>{t('nav.profile')}</NavLink></>}
   */
  sideNavigation?: ReactNode;
  /** Accessible name of the side navigation landmark (e.g. 'Einstellungen'). */
  sideNavigationLabel?: string;
  /** Text of the skip link to the main content (e.g. 'Zum Inhalt springen'). */
  skipLinkLabel: string;
  /** Page content, inside <main id="main">. */
  children: ReactNode;
}

/**
 * The portal frame: skip link, 60 px navbar (menu button on narrow screens, brand, navigation, actions), an
 * optional side navigation, the main landmark and an optional footer.
 */
export function AppShell({
  brand,
  brandHref,
  navigation,
  navigationLabel,
  actions,
  menuButtonLabel,
  menuCloseLabel,
  footer,
  sideNavigation,
  sideNavigationLabel,
  skipLinkLabel,
  children,
}: AppShellProps) {
  const Link = useLinkComponent();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const collapsible = Boolean(navigation && menuButtonLabel);
  // A chosen entry leads to another page: the drawer must not stay over it.
  const closeAfterLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  };
  return (
    <div className={styles.root}>
      <SkipLink targetId={MAIN_ID}>{skipLinkLabel}</SkipLink>
      <header className={styles.header}>
        {collapsible ? (
          <IconButton
            ref={menuButton}
            label={menuButtonLabel ?? ''}
            className={styles.menuButton}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        {collapsible && menuOpen ? (
          <Suspense fallback={null}>
            <Drawer
              open
              onOpenChange={setMenuOpen}
              title={navigationLabel ?? menuButtonLabel ?? ''}
              closeLabel={menuCloseLabel ?? ''}
              onContentClick={closeAfterLink}
              returnFocusTo={menuButton}
            >
              <NavLinkPlacementContext.Provider value="side">
                <nav aria-label={navigationLabel}>{navigation}</nav>
              </NavLinkPlacementContext.Provider>
            </Drawer>
          </Suspense>
        ) : null}
        <div className={styles.brand}>
          {brandHref ? (
            <Link href={brandHref} className={styles.brandLink}>
              {brand}
            </Link>
          ) : (
            brand
          )}
        </div>
        {navigation ? (
          <nav
            aria-label={navigationLabel}
            className={collapsible ? `${styles.nav} ${styles.navCollapsible}` : styles.nav}
          >
            {navigation}
          </nav>
        ) : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {sideNavigation ? (
        <div className={styles.body}>
          <nav aria-label={sideNavigationLabel} className={styles.side}>
            {sideNavigation}
          </nav>
          <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
            {children}
          </main>
        </div>
      ) : (
        <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
          {children}
        </main>
      )}
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </div>
  );
}
