import type { ReactNode } from 'react';
import { Menu } from '../Menu/Menu';
import * as styles from './UserMenu.css';

export interface UserMenuProps {
  /** The signed-in person's name, as the header shows it (e.g. 'Erika Muster'). */
  name: string;
  /** A second line under the name, e.g. the organisation 'Kreismedienzentrum Demo'. */
  detail?: string;
  /** One or two letters in the round avatar (e.g. 'EM'); decorative, the name says it to screen readers. */
  initials: string;
  /** Menu.LinkItem, Menu.Item and Menu.Separator: what the person can do with their account. */
  children: ReactNode;
}

function ChevronIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The navbar's account menu: a button that names who is signed in (avatar, name and a detail line such as the
 * organisation; on phones the avatar only) and opens a Menu of account actions (Profil, Einstellungen, Abmelden).
 * @example
 * <UserMenu name="Erika Muster" detail="Gymnasium Demo" initials="EM">
 *   <Menu.LinkItem href="/dashboard/profile">{t('nav.profile')}</Menu.LinkItem>
 *   <Menu.Item onSelect={logout}>{t('nav.logout')}</Menu.Item>
 * </UserMenu>
 */
export function UserMenu({ name, detail, initials, children }: UserMenuProps) {
  return (
    <Menu.Root>
      <Menu.Trigger className={styles.trigger}>
        <span className={styles.avatar} aria-hidden="true">
          {initials}
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{name}</span>
          {detail ? <span className={styles.detail}>{detail}</span> : null}
        </span>
        <span className={styles.chevron} aria-hidden="true">
          <ChevronIcon />
        </span>
      </Menu.Trigger>
      <Menu.Content>{children}</Menu.Content>
    </Menu.Root>
  );
}
UserMenu.displayName = 'UserMenu';
