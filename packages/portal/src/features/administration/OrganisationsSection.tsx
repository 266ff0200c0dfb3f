import { formatBytes } from '@portal/domain';
import { Alert, Button, Card, Heading, Inline, Select, Stack, Text, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { fieldError, fieldRefusal, refusalDetail, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import {
  type AdminOrganisation,
  type AdminOrganisationDetail,
  addAdministrator,
  adminOrganisationQuery,
  adminOrganisationsQuery,
  createOrganisation,
  resendInvitation,
  updateOrganisation,
} from './administrationQueries.ts';

const GIB = 1024 ** 3;
const TYPES = ['2', '4', '5'] as const;
type TypeKey = (typeof TYPES)[number];
const typeKey = (type: number): TypeKey | 'other' => TYPES.find((key) => key === String(type)) ?? 'other';

/** 'Organisation anlegen': a school with its MSB school number, a KMZ or a ZfsL. */
function CreateOrganisationForm({ onCreated }: { onCreated: (organisation: AdminOrganisation) => void }) {
  const { t } = useTranslation('administration');
  const [name, setName] = useState('');
  const [type, setType] = useState<TypeKey>('2');
  const [schoolNumber, setSchoolNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = {
      name: name.trim() === '' ? t('create.nameRequired') : undefined,
      msbSchoolNumber:
        type === '2' && !/^\d{6}$/.test(schoolNumber.trim()) ? t('create.schoolNumberInvalid') : undefined,
    };
    setErrors(local);
    if (local.name || local.msbSchoolNumber) return;
    setPending(true);
    try {
      const created = await createOrganisation({
        name: name.trim(),
        organisationType: Number(type) as 2 | 4 | 5,
        ...(type === '2' ? { msbSchoolNumber: schoolNumber.trim() } : {}),
      });
      toasts.show({ tone: 'success', title: 'administration:create.done', descriptionText: created.name });
      setName('');
      setSchoolNumber('');
      onCreated(created);
    } catch (error) {
      const refusal = fieldRefusal(error);
      if (refusal) {
        setErrors({
          name: fieldError(refusal.body, 'name'),
          msbSchoolNumber: fieldError(refusal.body, 'msbSchoolNumber'),
        });
      } else setErrors({ msbSchoolNumber: refusalDetail(error) ?? undefined });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card as="section" aria-labelledby="create-organisation">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="medium">
          <Heading level={3} id="create-organisation">
            {t('create.title')}
          </Heading>
          <TextField
            label={t('create.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
          <Select
            label={t('create.type')}
            value={type}
            onChange={(e) => setType(e.target.value as TypeKey)}
            options={TYPES.map((key) => ({ value: key, label: t(`types.${key}`) }))}
          />
          {type === '2' && (
            <TextField
              label={t('create.schoolNumber')}
              inputMode="numeric"
              value={schoolNumber}
              onChange={(e) => setSchoolNumber(e.target.value)}
              error={errors.msbSchoolNumber}
            />
          )}
          <Inline gap="small">
            <Button type="submit" variant="primary" loading={pending}>
              {t('create.submit')}
            </Button>
          </Inline>
        </Stack>
      </form>
    </Card>
  );
}

/** 'Administrator festlegen': the onboarding of an organisation's first administrator (or another one). */
function AdministratorForm({ organisation }: { organisation: AdminOrganisationDetail }) {
  const { t } = useTranslation('administration');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const outcome = await addAdministrator(organisation.id, email.trim());
      toasts.show({
        tone: 'success',
        title: `administration:administrator.${outcome.outcome}`,
        descriptionText: outcome.email,
      });
      setEmail('');
      setError(undefined);
    } catch (failure) {
      const refusal = fieldRefusal(failure);
      setError(refusal ? fieldError(refusal.body, 'email') : (refusalDetail(failure) ?? undefined));
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="small">
        <TextField
          label={t('administrator.email')}
          hint={t('administrator.hint')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <Inline gap="small">
          <Button type="submit" variant="secondary" loading={pending}>
            {t('administrator.submit')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}

/** Name, school number and quota of one organisation. */
function OrganisationSettings({ organisation }: { organisation: AdminOrganisationDetail }) {
  const { t } = useTranslation('administration');
  const [name, setName] = useState(organisation.name);
  const [quota, setQuota] = useState(
    organisation.quotaIsDefault || organisation.storageQuotaBytes === null
      ? ''
      : String(Math.round(organisation.storageQuotaBytes / GIB)),
  );
  const [pending, setPending] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const gigabytes = quota.trim() === '' ? null : Number(quota.trim());
      await updateOrganisation(organisation.id, {
        name: name.trim(),
        storageQuotaBytes: gigabytes === null || Number.isNaN(gigabytes) ? null : Math.round(gigabytes * GIB),
      });
      toasts.show({ tone: 'success', title: 'administration:organisation.saved' });
    } catch (error) {
      showFailure(error, 'updateAdminOrganisation');
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="small">
        <TextField label={t('organisation.name')} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          label={t('organisation.quota')}
          hint={t('organisation.quotaHint')}
          inputMode="numeric"
          value={quota}
          onChange={(e) => setQuota(e.target.value)}
        />
        <Inline gap="small">
          <Button type="submit" variant="secondary" loading={pending}>
            {t('organisation.save')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}

/** One organisation: what it holds, its settings, its members and open invitations, its administrator. */
function OrganisationPanel({ id }: { id: number }) {
  const { t } = useTranslation('administration');
  const detail = useQuery(adminOrganisationQuery(id));
  const organisation = detail.data;
  if (!organisation) return detail.isError ? <Alert tone="critical">{t('failed')}</Alert> : null;
  const quota =
    organisation.storageQuotaBytes === null
      ? t('organisation.noQuota')
      : formatBytes(organisation.storageQuotaBytes);
  return (
    <Card as="section" aria-labelledby="organisation-panel">
      <Stack gap="medium">
        <Heading level={3} id="organisation-panel">
          {organisation.name}
        </Heading>
        <Text>
          {t('organisation.facts', {
            type: t(`types.${typeKey(organisation.organisationType)}`),
            members: organisation.memberCount,
            headsets: organisation.headsetCount,
          })}
          {organisation.msbSchoolNumber
            ? ` · ${t('organisation.schoolNumber', { number: organisation.msbSchoolNumber })}`
            : ''}
        </Text>
        <Text>{t('organisation.storage', { used: formatBytes(organisation.storageUsedBytes), quota })}</Text>
        <OrganisationSettings
          key={`${organisation.id}-${organisation.storageQuotaBytes}`}
          organisation={organisation}
        />
        <Heading level={4}>{t('organisation.members')}</Heading>
        {organisation.members.length === 0 ? (
          <Text tone="muted">{t('organisation.noMembers')}</Text>
        ) : (
          <ul aria-label={t('organisation.members')}>
            {organisation.members.map((member) => (
              <li key={member.membershipId}>
                <bdi>{member.name || member.email}</bdi> ({member.email})
                {member.isAdministrator ? ` – ${t('organisation.administrator')}` : ''}
                {member.isLocked ? ` – ${t('users.locked')}` : ''}
              </li>
            ))}
          </ul>
        )}
        {organisation.invitations.length > 0 && (
          <>
            <Heading level={4}>{t('organisation.invitations')}</Heading>
            <ul aria-label={t('organisation.invitations')}>
              {organisation.invitations.map((invitation) => (
                <li key={invitation.id}>
                  <Inline gap="small" alignY="center">
                    <Text as="span">
                      {invitation.email}
                      {invitation.isAdministrator ? ` – ${t('organisation.administrator')}` : ''}
                      {invitation.isExpired ? ` – ${t('organisation.expired')}` : ''}
                    </Text>
                    <Button
                      variant="ghost"
                      onClick={() =>
                        void resendInvitation(organisation.id, invitation.id).then(
                          () => toasts.show({ tone: 'success', title: 'administration:organisation.resent' }),
                          (error: unknown) => showFailure(error, 'resendAdminInvitation'),
                        )
                      }
                    >
                      {t('organisation.resend', { email: invitation.email })}
                    </Button>
                  </Inline>
                </li>
              ))}
            </ul>
          </>
        )}
        <Heading level={4}>{t('administrator.title')}</Heading>
        <AdministratorForm organisation={organisation} />
      </Stack>
    </Card>
  );
}

/** Organisations: search, create, and the chosen one's panel. */
export function OrganisationsSection({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation('administration');
  const [search, setSearch] = useState('');
  const list = useQuery(adminOrganisationsQuery(search));
  return (
    <Stack gap="medium">
      <Heading level={2}>{t('organisations.title')}</Heading>
      <TextField
        label={t('organisations.search')}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul aria-label={t('organisations.list')}>
        {(list.data ?? []).map((organisation) => (
          <li key={organisation.id}>
            <Inline gap="small" alignY="center">
              <Button
                variant={selected === organisation.id ? 'primary' : 'ghost'}
                onClick={() => onSelect(organisation.id)}
              >
                {organisation.name}
              </Button>
              <Text as="span" tone="muted" size="small">
                {t(`types.${typeKey(organisation.organisationType)}`)}
                {organisation.msbSchoolNumber ? ` ${organisation.msbSchoolNumber}` : ''} ·{' '}
                {t('organisations.summary', {
                  members: organisation.memberCount,
                  headsets: organisation.headsetCount,
                  used: formatBytes(organisation.storageUsedBytes),
                })}
              </Text>
            </Inline>
          </li>
        ))}
      </ul>
      {selected !== null && <OrganisationPanel id={selected} />}
      <CreateOrganisationForm onCreated={(organisation) => onSelect(organisation.id)} />
    </Stack>
  );
}
