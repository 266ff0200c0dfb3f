import type { AuditEntry, AuditEntryPage, User } from '@portal/api';
import { AUDIT_KINDS, administeredOrganisations, mayReadAuditLog } from '@portal/domain';
import {
  Alert,
  Box,
  Button,
  ButtonLink,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Inline,
  Select,
  Spinner,
  Stack,
  Text,
  TextField,
} from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { organisationsQuery, useCurrentUser } from '../../lib/api.ts';
import { saveFile } from '../../lib/download.ts';
import { organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { auditPageQuery, useAuditExport } from './auditQueries.ts';
import { headsetProblemText, outcomeText, problemHeadsets, whatText } from './auditText.ts';
import {
  type AuditIdFilter,
  type AuditView,
  atCursor,
  auditViewHref,
  auditViewParams,
  EMPTY_AUDIT_VIEW,
  isFiltered,
  parseAuditView,
  rangeIsBackwards,
  withAuditFilter,
} from './auditView.ts';

type Choices = Record<AuditIdFilter, Map<number, string>>;

/**
 * What the id filters offer: for administrators the members and headsets of the organisations they administer (and
 * those organisations when there are several); for staff every organisation. A value from the URL that is not among
 * them (a person who left, a removed headset) stays choosable by its number.
 */
function useChoices(user: User | undefined): Choices {
  const administered = useMemo(() => administeredOrganisations(user), [user]);
  const staff = user?.isStaff === true;
  const headsets = useQuery({ ...organisationHeadsetsQuery, enabled: administered.length > 0 });
  const organisations = useQuery({ ...organisationsQuery, enabled: staff });
  return useMemo(() => {
    const people = new Map<number, string>();
    for (const organisation of administered) {
      for (const { user: member } of organisation.memberships) {
        people.set(member.id, `${member.firstName} ${member.lastName}`.trim() || member.email);
      }
    }
    const own = new Set(administered.map((organisation) => organisation.id));
    return {
      actor: people,
      device: new Map(
        (headsets.data?.results ?? [])
          .filter((headset) => own.has(headset.organisationId))
          .map((headset) => [headset.id, headset.name]),
      ),
      organisation: new Map(
        staff
          ? (organisations.data ?? []).map((organisation) => [organisation.id, organisation.name])
          : administered.map((organisation) => [organisation.id, organisation.name]),
      ),
    };
  }, [administered, headsets.data, organisations.data, staff]);
}

const ID_FILTER_TEXTS = {
  actor: { label: 'filters.actor', all: 'filters.actorAll', other: 'filters.actorOther' },
  device: { label: 'filters.device', all: 'filters.deviceAll', other: 'filters.deviceOther' },
  organisation: {
    label: 'filters.organisation',
    all: 'filters.organisationAll',
    other: 'filters.organisationAll',
  },
} as const;

function ProtocolFilters({
  view,
  choices,
  onChange,
}: {
  view: AuditView;
  choices: Choices;
  onChange: (next: AuditView) => void;
}) {
  const { t } = useTranslation('audit');
  const backwards = rangeIsBackwards(view);
  const idSelect = (name: AuditIdFilter) => {
    const value = view[name];
    const options = [...choices[name]].map(([id, label]) => ({ value: String(id), label }));
    if (value !== undefined && !choices[name].has(value)) {
      options.push({ value: String(value), label: t(ID_FILTER_TEXTS[name].other, { id: value }) });
    }
    // One organisation (or none to choose from) needs no choice.
    if (options.length < (name === 'organisation' ? 2 : 1)) return null;
    return (
      <Select
        key={name}
        label={t(ID_FILTER_TEXTS[name].label)}
        value={value === undefined ? '' : String(value)}
        options={[{ value: '', label: t(ID_FILTER_TEXTS[name].all) }, ...options]}
        onChange={(event) =>
          onChange(
            withAuditFilter(view, {
              [name]: event.target.value === '' ? undefined : Number(event.target.value),
            }),
          )
        }
      />
    );
  };
  return (
    <Box role="group" aria-label={t('filters.label')}>
      <Inline gap="medium" wrap alignY="bottom">
        <TextField
          type="date"
          label={t('filters.from')}
          value={view.from}
          onChange={(event) => onChange(withAuditFilter(view, { from: event.target.value }))}
        />
        <TextField
          type="date"
          label={t('filters.to')}
          value={view.to}
          error={backwards ? t('filters.rangeBackwards') : undefined}
          onChange={(event) => onChange(withAuditFilter(view, { to: event.target.value }))}
        />
        <Select
          label={t('filters.kind')}
          value={view.kind ?? ''}
          options={[
            { value: '', label: t('filters.kindAll') },
            ...AUDIT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
          ]}
          onChange={(event) => {
            const kind = AUDIT_KINDS.find((each) => each === event.target.value);
            onChange(withAuditFilter(view, { kind }));
          }}
        />
        {idSelect('actor')}
        {idSelect('device')}
        {idSelect('organisation')}
        {isFiltered(view) && (
          <Button variant="ghost" onClick={() => onChange(EMPTY_AUDIT_VIEW)}>
            {t('filters.reset')}
          </Button>
        )}
      </Inline>
    </Box>
  );
}

/** The table's columns: Zeit, Person, Art, Was, VR-Brillen, Ergebnis. */
function useColumns(view: AuditView): DataTableColumn<AuditEntry>[] {
  const { t, i18n } = useTranslation('audit');
  const { t: common } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return [
    {
      id: 'time',
      header: t('table.time'),
      width: '11rem',
      cell: (entry) => <time dateTime={entry.occurredAt}>{time.format(new Date(entry.occurredAt))}</time>,
    },
    {
      id: 'person',
      header: t('table.person'),
      width: '15rem',
      rowHeader: true,
      cell: (entry) =>
        entry.actor === null ? (
          t('table.server')
        ) : (
          <Stack gap="none">
            {entry.actor.id !== null && entry.actor.id !== view.actor ? (
              <Link
                to={auditViewHref(withAuditFilter(view, { actor: entry.actor.id }))}
                title={t('table.onlyPerson', { name: entry.actor.name })}
              >
                <bdi>{entry.actor.name}</bdi>
              </Link>
            ) : (
              <bdi>{entry.actor.name}</bdi>
            )}
            <Text as="span" size="small" tone="muted">
              {entry.actor.email}
            </Text>
          </Stack>
        ),
    },
    { id: 'kind', header: t('table.kind'), width: '11rem', cell: (entry) => t(`kinds.${entry.kind}`) },
    { id: 'what', header: t('table.what'), cell: (entry) => whatText(t, common, entry) },
    {
      id: 'headsets',
      header: t('table.headsets'),
      cell: (entry) => entry.headsets.map((headset) => headset.name).join(', '),
    },
    {
      id: 'outcome',
      header: t('table.outcome'),
      width: '16rem',
      cell: (entry) => {
        const problems = problemHeadsets(entry);
        return (
          <Stack gap="none">
            <span>{outcomeText(t, entry)}</span>
            {problems.length > 0 && (
              <Text as="span" size="small" tone="muted">
                {problems.map((headset) => headsetProblemText(t, common, headset)).join(' · ')}
              </Text>
            )}
          </Stack>
        );
      },
    },
  ];
}

/** Newest, newer, older, oldest: pages by the server's cursors, each a link that keeps the filters. */
function ProtocolPages({ view, page }: { view: AuditView; page: AuditEntryPage }) {
  const { t } = useTranslation('audit');
  const links = [
    view.cursor !== undefined && { label: t('pages.newest'), href: auditViewHref(atCursor(view, undefined)) },
    page.previous !== null && { label: t('pages.newer'), href: auditViewHref(atCursor(view, page.previous)) },
    page.next !== null && { label: t('pages.older'), href: auditViewHref(atCursor(view, page.next)) },
    page.next !== null && { label: t('pages.oldest'), href: auditViewHref(atCursor(view, page.last)) },
  ].filter((link) => link !== false);
  if (links.length === 0) return null;
  return (
    <nav aria-label={t('pages.label')}>
      <Inline gap="small" wrap>
        {links.map((link) => (
          <ButtonLink key={link.label} variant="secondary" href={link.href}>
            {link.label}
          </ButtonLink>
        ))}
      </Inline>
    </nav>
  );
}

/**
 * Protokoll (/dashboard/protocol, issue 24): who did what, when, to which headsets and how it ended, for
 * administrators (their organisations) and staff (everything); anybody else reads 'Keine Berechtigung', as the
 * server refuses them. Filters and page live in the URL; 'Als CSV herunterladen' takes every entry of the filters.
 */
export function ProtocolPage() {
  const { t } = useTranslation('audit');
  const { t: common } = useTranslation();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const view = parseAuditView(params);
  const allowed = mayReadAuditLog(user);
  const choices = useChoices(allowed ? user : undefined);
  const columns = useColumns(view);
  const entries = useQuery({
    ...auditPageQuery(view),
    enabled: allowed && !rangeIsBackwards(view),
    placeholderData: keepPreviousData,
  });
  const download = useAuditExport({
    onSuccess: (file) => {
      saveFile(file.blob, file.name);
      toasts.show({
        tone: 'success',
        title: 'audit:downloaded.title',
        description: 'audit:downloaded.description',
        descriptionValues: { file: file.name },
      });
    },
    onError: (error) => showFailure(error, 'exportAuditEntries'),
  });

  if (!allowed) return <NoPermissionPage description={t('noPermission')} />;
  const show = (next: AuditView) => setParams(auditViewParams(next));
  const page = entries.data;

  let body: ReactNode;
  if (entries.isError) {
    body = (
      <Alert tone="critical" title={t('failed')}>
        <Button variant="secondary" onClick={() => void entries.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  } else if (page === undefined) {
    body = rangeIsBackwards(view) ? null : <Spinner label={t('loading')} />;
  } else if (page.results.length === 0) {
    body = <EmptyState title={isFiltered(view) ? t('empty') : t('emptyAll')} />;
  } else {
    body = (
      <Stack gap="medium">
        <DataTable
          caption={t('table.caption')}
          hideCaption
          columns={columns}
          rows={page.results}
          getRowId={(entry) => String(entry.id)}
          height="70vh"
          estimatedRowHeight={72}
          loading={entries.isPlaceholderData}
          loadingText={t('loading')}
        />
        <ProtocolPages view={view} page={page} />
      </Stack>
    );
  }

  return (
    <Stack gap="large">
      <Inline gap="medium" align="spaceBetween" alignY="center">
        <Stack gap="small">
          <PageHeading>{t('title')}</PageHeading>
          <Text tone="muted">{t('intro')}</Text>
          {page && (
            <Text tone="muted" size="small">
              {common('audit.retentionNotice', { days: page.retentionDays })}
            </Text>
          )}
        </Stack>
        <Button
          variant="primary"
          onClick={() => download.mutate(view)}
          loading={download.isPending}
          disabled={rangeIsBackwards(view)}
        >
          {t('download')}
        </Button>
      </Inline>
      <ProtocolFilters view={view} choices={choices} onChange={show} />
      {body}
    </Stack>
  );
}

export { ProtocolPage as Component };
