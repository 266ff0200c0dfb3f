import type { User } from '@portal/api';
import { Menu, UserMenu } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { initialsOf, userMenuFor } from './navigation.ts';

/** Who is signed in, for whom, and what they can do with their account (issue 12: the header names them). */
export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <UserMenu
      name={name}
      detail={user.organisations[0]?.name ?? (user.isStaff ? t('userMenu.staff') : undefined)}
      initials={initialsOf(user)}
    >
      {userMenuFor(user).map((entry) =>
        'href' in entry ? (
          <Menu.LinkItem key={entry.href} href={entry.href}>
            {t(entry.label)}
          </Menu.LinkItem>
        ) : (
          <Menu.Item key={entry.action} onSelect={onLogout}>
            {t(entry.label)}
          </Menu.Item>
        ),
      )}
    </UserMenu>
  );
}
