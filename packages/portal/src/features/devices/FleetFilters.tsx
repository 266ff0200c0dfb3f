import { isolateBidi } from '@portal/domain';
import { FilterPanel, Inline, Select } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useCurrentUser } from '../../lib/api.ts';
import { useDeviceTypes } from '../../lib/deviceTypes.ts';
import { BOOLEAN_FILTERS, type BooleanFilter, ID_FILTERS, type IdFilter } from '../../lib/fleetFilters.ts';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { type FleetView, withFleetFilter } from './fleetView.ts';

/*
 * The fleet page's filters (the contract's listDevices names, read and written by lib/fleetFilters.ts): their
 * selects, and the words the empty result names them with.
 */

/** The texts of the yes/no filters: the select's label, its 'all' choice and the two values. */
const BOOLEAN_FILTER_TEXTS = {
  is_online: {
    label: 'filters.status',
    all: 'filters.statusAll',
    yes: 'status.online',
    no: 'status.offline',
  },
  low_battery: {
    label: 'filters.battery',
    all: 'filters.all',
    yes: 'filters.batteryLow',
    no: 'filters.batteryOk',
  },
  is_synced: { label: 'filters.sync', all: 'filters.all', yes: 'filters.synced', no: 'filters.notSynced' },
  outdated_software: {
    label: 'filters.software',
    all: 'filters.all',
    yes: 'filters.softwareOutdated',
    no: 'filters.softwareCurrent',
  },
} as const satisfies Record<BooleanFilter, Record<'label' | 'all' | 'yes' | 'no', string>>;

/** The names of the things the id filters choose, by id, for the selects and for the empty result. */
export function useFilterChoices(playlists: Map<number, string>): Record<IdFilter, Map<number, string>> {
  const { user } = useCurrentUser();
  const deviceTypes = useDeviceTypes();
  const groups = useQuery(deviceGroupsQuery);
  return useMemo(
    () => ({
      group: new Map((groups.data?.results ?? []).map((group) => [group.id, group.name])),
      device_type: new Map(deviceTypes.map((type) => [type.id, type.name])),
      organisation: new Map((user?.organisations ?? []).map((o) => [o.id, o.name])),
      configuration: playlists,
    }),
    [groups.data, deviceTypes, user, playlists],
  );
}

/** The label and 'all' choice of the id filters' selects. */
const ID_FILTER_TEXTS = {
  group: { label: 'filters.group', all: 'filters.groupAll' },
  device_type: { label: 'filters.model', all: 'filters.modelAll' },
  organisation: { label: 'filters.organisation', all: 'filters.organisationAll' },
  configuration: { label: 'filters.playlist', all: 'filters.playlistAll' },
} as const satisfies Record<IdFilter, Record<'label' | 'all', string>>;

export function FleetFilters({
  view,
  choices,
  onChange,
}: {
  view: FleetView;
  choices: Record<IdFilter, Map<number, string>>;
  onChange: (next: FleetView) => void;
}) {
  const { t } = useTranslation('devices');
  // Every filter is one select: 'all' (the filter cleared) and its values, yes/no or the things it chooses by id.
  const selects = [
    ...BOOLEAN_FILTERS.map((name) => {
      const texts = BOOLEAN_FILTER_TEXTS[name];
      return {
        name,
        texts,
        choices: [
          ['true', t(texts.yes)],
          ['false', t(texts.no)],
        ] as const,
        read: (value: string) => value === 'true',
      };
    }),
    ...ID_FILTERS.filter(
      // One organisation needs no choice of organisation (unless a link chose one).
      (name) =>
        name !== 'organisation' || choices.organisation.size > 1 || view.filters.organisation !== undefined,
    ).map((name) => ({
      name,
      texts: ID_FILTER_TEXTS[name],
      choices: [...choices[name]].map(([id, label]) => [String(id), label] as const),
      read: Number,
    })),
  ];
  // A filter link from the dashboard opens the fleet narrowed: on a phone the panel opens too, so the teacher sees why.
  const activeCount = Object.keys(view.filters).length;
  return (
    <FilterPanel label={t('filters.label')} activeCount={activeCount} defaultOpen={activeCount > 0}>
      <Inline gap="medium" wrap alignY="bottom">
        {selects.map(({ name, texts, choices: values, read }) => {
          const value = view.filters[name];
          return (
            <Select
              key={name}
              label={t(texts.label)}
              value={value === undefined ? '' : String(value)}
              options={[
                { value: '', label: t(texts.all) },
                ...values.map(([choice, label]) => ({ value: choice, label })),
              ]}
              onChange={(event) =>
                onChange(
                  withFleetFilter(
                    view,
                    name,
                    event.target.value === '' ? undefined : read(event.target.value),
                  ),
                )
              }
            />
          );
        })}
      </Inline>
    </FilterPanel>
  );
}

/** What narrows the list down, as the teacher reads it, for the empty result to name. */
export function activeFilterNames(
  t: TFunction<'devices'>,
  view: FleetView,
  choices: Record<IdFilter, Map<number, string>>,
): string[] {
  const names: string[] = [];
  const named = (name: string, value: string) => `${name}: ${isolateBidi(value)}`;
  if (view.search.trim() !== '') names.push(t('search.active', { search: view.search.trim() }));
  for (const name of BOOLEAN_FILTERS) {
    const value = view.filters[name];
    const texts = BOOLEAN_FILTER_TEXTS[name];
    if (value !== undefined) names.push(named(t(texts.label), t(value ? texts.yes : texts.no)));
  }
  for (const name of ID_FILTERS) {
    const value = view.filters[name];
    if (value !== undefined) {
      names.push(named(t(ID_FILTER_TEXTS[name].label), choices[name].get(value) ?? String(value)));
    }
  }
  return names;
}
