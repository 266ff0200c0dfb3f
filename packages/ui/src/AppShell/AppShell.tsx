import type { ReactNode } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import { SkipLink } from '../SkipLink/SkipLink';
import { NAVBAR_HEIGHT_PX } from '../theme/tokens';
import * as styles from './AppShell.css';

export { NAVBAR_HEIGHT_PX };

const MAIN_ID = 'main';

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
 * The portal frame: skip link, 60 px navbar (brand, navigation, actions), an optional side navigation
 * and the main landmark.
 */
export function AppShell({
  brand,
  brandHref,
  navigation,
  navigationLabel,
  actions,
  sideNavigation,
  sideNavigationLabel,
  skipLinkLabel,
  children,
}: AppShellProps) {
  const Link = useLinkComponent();
  return (
    <div className={styles.root}>
      <SkipLink targetId={MAIN_ID}>{skipLinkLabel}</SkipLink>
      <header className={styles.header}>
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
          <nav aria-label={navigationLabel} className={styles.nav}>
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
    </div>
  );
}
