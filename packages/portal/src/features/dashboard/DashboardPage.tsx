import type { DeviceSummary } from '@portal/api';
import { FLEET_HEALTH_FILTERS, type FleetHealthFilter } from '@portal/domain';
import { Alert, Box, Button, Card, Heading, Skeleton, Spinner, Stack, Text, Tiles } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CLASSROOM_PATH } from '../../lib/classroomLink.ts';
import { deviceListHref } from '../../lib/fleetFilters.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { PLAYBACK_PATH } from '../../lib/playbackLink.ts';
import { activePlaylistsQuery } from '../../lib/playlists.ts';
import { fleetSummaryQuery } from './dashboardQueries.ts';

/** Which count of getDeviceSummary each filter shows. */
const COUNT_OF: Record<FleetHealthFilter, keyof DeviceSummary> = {
  online: 'online',
  offline: 'offline',
  lowBattery: 'lowBattery',
  outOfSync: 'outOfSync',
  outdatedSoftware: 'outdatedSoftware',
};

function FleetCounts() {
  const { t } = useTranslation('dashboard');
  const summary = useQuery(fleetSummaryQuery);
  if (summary.isError) {
    return (
      <Alert tone="critical" title={t('fleet.failed')}>
        <Button variant="secondary" onClick={() => void summary.refetch()}>
          {t('fleet.retry')}
        </Button>
      </Alert>
    );
  }
  // While the counts load, the same cards with grey numbers: the sections below keep their place.
  const counts = summary.data;
  return (
    <Stack gap="small" aria-busy={counts === undefined}>
      {counts === undefined ? (
        <Spinner label={t('fleet.loading')} />
      ) : (
        <Text tone="muted">{t('fleet.total', { count: counts.total })}</Text>
      )}
      <Tiles as="ul" columns={{ mobile: 2, tablet: 3, desktop: 5 }} gap="medium">
        {FLEET_HEALTH_FILTERS.map((filter) => (
          <Card as="li" key={filter}>
            <Link to={deviceListHref(filter)} data-count={filter}>
              <Stack gap="xsmall">
                <Text as="span" size="large" weight="bold">
                  {counts === undefined ? <Skeleton width="2ch" /> : String(counts[COUNT_OF[filter]])}
                </Text>
                <Text as="span">{t(`fleet.counts.${filter}`)}</Text>
              </Stack>
            </Link>
          </Card>
        ))}
      </Tiles>
    </Stack>
  );
}

function ActivePlaylists() {
  const { t } = useTranslation('dashboard');
  const playlists = useQuery(activePlaylistsQuery);
  // One playlist's two lines while loading: the usual case, so the shortcuts below rarely move.
  if (playlists.isPending)
    return (
      <Stack gap="xsmall" aria-busy="true">
        <Spinner label={t('playlists.loading')} />
        <Skeleton width="40%" />
      </Stack>
    );
  if (playlists.isError) {
    return (
      <Alert tone="critical" title={t('playlists.failed')}>
        <Button variant="secondary" onClick={() => void playlists.refetch()}>
          {t('fleet.retry')}
        </Button>
      </Alert>
    );
  }
  const active = playlists.data.filter((p) => p.sdmDevices.length > 0);
  if (active.length === 0) return <Text tone="muted">{t('playlists.none')}</Text>;
  return (
    <Box as="ul" display="grid" gap="small" aria-label={t('playlists.title')}>
      {active.map((playlist) => (
        <li key={playlist.id}>
          <Stack gap="xsmall">
            <Link to={`/dashboard/configurations/${playlist.id}`}>
              <bdi>{playlist.name}</bdi>
            </Link>
            <Text as="span" tone="muted" size="small">
              {t('playlists.onHeadsets', { count: playlist.sdmDevices.length })} ·{' '}
              {playlist.isSynced ? t('playlists.synced') : t('playlists.notSynced')}
            </Text>
          </Stack>
        </li>
      ))}
    </Box>
  );
}

const SHORTCUTS = [
  { href: PLAYBACK_PATH, label: 'shortcuts.play' },
  { href: '/dashboard/lesson-plans', label: 'shortcuts.lessonPlans' },
  { href: CLASSROOM_PATH, label: 'shortcuts.classroom' },
  { href: '/library', label: 'shortcuts.library' },
  { href: '/dashboard/devices', label: 'shortcuts.devices' },
  { href: '/dashboard/configurations', label: 'shortcuts.playlists' },
  { href: '/groups', label: 'shortcuts.groups' },
  { href: '/groups/new', label: 'shortcuts.newGroup' },
] as const;

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Stack gap="medium">
        <Heading level={2} id={id}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

/**
 * The dashboard (issue 14, /dashboard, breadcrumb 'Dashboard'): before class at a glance — the running playback with
 * its controls (`playback`, composed by the app from the playback feature), the headsets' state with each count
 * linking to the list filtered to it, the active playlists and shortcuts.
 */
export function DashboardPage({ playback }: { playback: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="xlarge">
      <PageHeading>{t('title')}</PageHeading>
      <Section title={t('playback.title')} id="dashboard-playback">
        {playback}
      </Section>
      <Section title={t('fleet.title')} id="dashboard-fleet">
        <FleetCounts />
      </Section>
      <Section title={t('playlists.title')} id="dashboard-playlists">
        <ActivePlaylists />
      </Section>
      <Section title={t('shortcuts.title')} id="dashboard-shortcuts">
        <Box as="ul" display="flex" flexWrap="wrap" gap="medium">
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.href}>
              <Link to={shortcut.href}>{t(shortcut.label)}</Link>
            </li>
          ))}
        </Box>
      </Section>
    </Stack>
  );
}
