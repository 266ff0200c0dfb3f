import { Button, Heading, Inline, Stack, Text, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { type AdminUser, adminUsersQuery, setLocked } from './administrationQueries.ts';

/** One account with its memberships and the lock. */
function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation('administration');
  const [pending, setPending] = useState(false);
  const toggle = async () => {
    setPending(true);
    try {
      await setLocked(user, !user.isLocked);
      toasts.show({
        tone: 'success',
        title: user.isLocked ? 'administration:users.unlocked' : 'administration:users.lockedToast',
        descriptionText: user.email,
      });
    } catch (error) {
      showFailure(error, 'updateAdminUser');
    } finally {
      setPending(false);
    }
  };
  const memberships = user.memberships
    .map((m) => `${m.organisation.name}${m.isAdministrator ? ` (${t('organisation.administrator')})` : ''}`)
    .join(', ');
  return (
    <li>
      <Stack gap="xsmall">
        <Inline gap="small" alignY="center">
          <Text as="span" weight="semibold">
            <bdi>{user.name || user.email}</bdi> ({user.email})
          </Text>
          {user.isLocked && <Text as="span">{t('users.locked')}</Text>}
          <Button variant="ghost" loading={pending} onClick={() => void toggle()}>
            {t(user.isLocked ? 'users.unlock' : 'users.lock', { email: user.email })}
          </Button>
        </Inline>
        <Text as="span" tone="muted" size="small">
          {memberships === '' ? t('users.noMembership') : memberships}
          {user.isStaff ? ` · ${t('users.staff')}` : ''}
          {user.isContentAdmin ? ` · ${t('users.contentAdmin')}` : ''}
        </Text>
      </Stack>
    </li>
  );
}

/** Users: search by name or e-mail, their memberships, lock and unlock. */
export function UsersSection() {
  const { t } = useTranslation('administration');
  const [search, setSearch] = useState('');
  const users = useQuery({ ...adminUsersQuery(search), enabled: search.trim().length > 0 });
  return (
    <Stack gap="medium">
      <Heading level={2}>{t('users.title')}</Heading>
      <TextField
        label={t('users.search')}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {users.data && users.data.length === 0 && <Text tone="muted">{t('users.none')}</Text>}
      {users.data && users.data.length > 0 && (
        <ul aria-label={t('users.list')}>
          {users.data.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
      )}
    </Stack>
  );
}
