import type { Membership, Organisation } from '@portal/api';
import { Button, Heading, Inline, Stack, Switch, Text, TextField } from '@portal/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, currentUserQueryKey, queryClient, useCurrentUser } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import type { TranslationKey } from '../../lib/i18n.ts';
import { LanguageSwitch } from '../../lib/LanguageSwitch.tsx';
import { organisationTypeKey } from '../../lib/organisationType.ts';
import {
  serverErrorMessage,
  serverFieldMessage,
  serverMessageText,
  showServerError,
  UNKNOWN_SERVER_MESSAGE,
} from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';

const NAME_MAX_LENGTH = 150;

/**
 * What the settings calls' refusals mean (the server gives them no code): 403 the administrator rule of spec §6
 * (e.g. the flag was taken away in another tab), 409 the last administrator flag of the organisation.
 */
const SETTINGS_REFUSALS: Partial<Record<number, TranslationKey>> = {
  403: 'auth:toasts.restricted.description',
  409: 'settings:errors.lastAdministrator',
};

function OrganisationName({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('settings');
  const [name, setName] = useState(organisation.name);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = name.trim();
    if (trimmed === '') return setError(t('organisation.errors.nameRequired'));
    if (trimmed.length > NAME_MAX_LENGTH) return setError(t('organisation.errors.tooLong'));
    setError(undefined);
    setPending(true);
    try {
      const { error: body, response } = await apiClient.PATCH('/api/v1/organisations/{id}/', {
        params: { path: { id: organisation.id } },
        body: { name: trimmed },
      });
      if (response.ok) {
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        toasts.show({ tone: 'success', title: 'settings:toasts.saved.title' });
      } else if (response.status === 400) {
        const message = serverFieldMessage(body, 'name') ?? serverErrorMessage(400, body);
        setError(serverMessageText(message));
      } else if (response.status !== 401)
        showServerError(serverErrorMessage(response.status, body, SETTINGS_REFUSALS));
    } catch (failure) {
      reportError(failure, { during: 'updateOrganisation' });
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="medium">
        <TextField
          label={t('organisation.name')}
          name="organisationName"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <div>
          <Button
            type="submit"
            variant="primary"
            loading={pending}
            loadingLabel={t('organisation.submitting')}
          >
            {t('organisation.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function MemberRow({
  organisationId,
  membership,
  own,
}: {
  organisationId: number;
  membership: Membership;
  own: boolean;
}) {
  const { t } = useTranslation('settings');
  const [pending, setPending] = useState(false);
  const name = `${membership.user.firstName} ${membership.user.lastName}`.trim() || membership.user.email;

  const toggle = async (isAdministrator: boolean) => {
    setPending(true);
    try {
      const { error, response } = await apiClient.PATCH(
        '/api/v1/organisations/{id}/memberships/{membershipId}/',
        {
          params: { path: { id: organisationId, membershipId: membership.id } },
          body: { isAdministrator },
        },
      );
      if (response.ok) {
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        toasts.show({ tone: 'success', title: 'settings:toasts.saved.title' });
      } else if (response.status !== 401) {
        showServerError(serverErrorMessage(response.status, error, SETTINGS_REFUSALS));
      }
    } catch (failure) {
      reportError(failure, { during: 'updateMembership' });
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  return (
    <li>
      <Inline gap="medium" alignY="center">
        <Stack gap="xsmall">
          <Text weight="semibold">
            {name} {own ? t('members.you') : null}
          </Text>
          <Text tone="muted" size="small">
            {membership.user.email}
          </Text>
        </Stack>
        <Switch
          label={t('members.administratorSwitch', { name })}
          checked={membership.isAdministrator}
          disabled={pending}
          onCheckedChange={(checked) => void toggle(checked)}
        />
      </Inline>
    </li>
  );
}

/**
 * /dashboard/settings (administrators, guarded by the route): the first organisation's name and members
 * with their administrator flag (the server enforces the same rule), and the portal language.
 */
export function SettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { user } = useCurrentUser();
  const organisation = user?.organisations[0];
  if (!user || !organisation) return null;
  return (
    <Stack gap="xlarge">
      <Stack gap="small">
        <Heading level={1}>{t('title')}</Heading>
        <Text tone="muted">{t('intro')}</Text>
      </Stack>
      <Stack gap="medium">
        <Heading level={2}>{t('organisation.title')}</Heading>
        <Text tone="muted">{t(organisationTypeKey(organisation.organisationType))}</Text>
        <OrganisationName key={organisation.name} organisation={organisation} />
      </Stack>
      <Stack gap="medium">
        <Heading level={2}>{t('members.title')}</Heading>
        <Stack as="ul" gap="medium" aria-label={t('members.label')}>
          {(organisation.memberships ?? []).map((membership) => (
            <MemberRow
              key={membership.id}
              organisationId={organisation.id}
              membership={membership}
              own={membership.user.email.toLowerCase() === user.email.toLowerCase()}
            />
          ))}
        </Stack>
      </Stack>
      <Stack gap="medium">
        <Heading level={2}>{t('language.title')}</Heading>
        <LanguageSwitch />
      </Stack>
    </Stack>
  );
}

export { SettingsPage as Component };
