import type { ListDevicesQuery } from '@portal/api';
import { FLEET_HEALTH_FILTERS, type FleetHealthFilter } from '@portal/domain';

/**
 * The headset list's health and group filters as the dashboard links to them. The page's URL uses the names and
 * values of the contract's `listDevices` parameters, so a link such as `/dashboard/devices?low_battery=true` reads
 * the same in the address bar, the page and the server, and a dashboard count equals the list it opens
 * (getDeviceSummary counts with the same filters).
 */
export const DEVICE_LIST_PATH = '/dashboard/devices';

export type DeviceListFilters = Pick<
  ListDevicesQuery,
  'is_online' | 'low_battery' | 'is_synced' | 'outdated_software' | 'group'
>;

/** Each dashboard count's filter of the list. */
export const FLEET_FILTER_QUERY = {
  online: { is_online: true },
  offline: { is_online: false },
  lowBattery: { low_battery: true },
  outOfSync: { is_synced: false },
  outdatedSoftware: { outdated_software: true },
} as const satisfies Record<FleetHealthFilter, DeviceListFilters>;

/** The headset list filtered to one count of the dashboard, or to one group. */
export function deviceListHref(filter: FleetHealthFilter | null, group?: number): string {
  const query = new URLSearchParams();
  if (filter) {
    for (const [name, value] of Object.entries(FLEET_FILTER_QUERY[filter])) query.set(name, String(value));
  }
  if (group !== undefined) query.set('group', String(group));
  const text = query.toString();
  return text ? `${DEVICE_LIST_PATH}?${text}` : DEVICE_LIST_PATH;
}

const BOOLEAN_FILTERS = ['is_online', 'low_battery', 'is_synced', 'outdated_software'] as const;

/** The filters in a headset list's URL (what the list page passes on to listDevices); malformed values are ignored. */
export function deviceListFiltersFrom(search: URLSearchParams): DeviceListFilters {
  const filters: DeviceListFilters = {};
  for (const name of BOOLEAN_FILTERS) {
    const value = search.get(name);
    if (value === 'true' || value === 'false') filters[name] = value === 'true';
  }
  const group = search.get('group');
  if (group !== null && /^\d{1,10}$/.test(group) && Number(group) >= 1 && Number(group) <= 2_147_483_647) {
    filters.group = Number(group);
  }
  return filters;
}

/** The dashboard count a URL's filters show, when they are exactly one of them (for the list's heading). */
export function fleetFilterOf(filters: DeviceListFilters): FleetHealthFilter | null {
  return (
    FLEET_HEALTH_FILTERS.find((filter) =>
      Object.entries(FLEET_FILTER_QUERY[filter]).every(
        ([name, value]) => filters[name as keyof DeviceListFilters] === value,
      ),
    ) ?? null
  );
}
