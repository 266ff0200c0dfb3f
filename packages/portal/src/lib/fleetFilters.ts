import type { ListDevicesQuery } from '@portal/api';
import type { FleetHealthFilter } from '@portal/domain';

/**
 * The headset list's filters in the URL, for the fleet page and every link to it (the dashboard's counts, a group's
 * headsets). The URL uses the names and values of the contract's `listDevices` parameters, so a link such as
 * `/dashboard/devices?low_battery=true` reads the same in the address bar, the page and the server, and a dashboard
 * count equals the list it opens (getDeviceSummary counts with the same filters).
 */
export const DEVICE_LIST_PATH = '/dashboard/devices';

/**
 * Every filter of the headset list, under the contract's names: the health and group filters the dashboard links to,
 * and the fleet page's model, organisation and playlist.
 */
export type DeviceListFilters = Pick<
  ListDevicesQuery,
  | 'is_online'
  | 'low_battery'
  | 'is_synced'
  | 'outdated_software'
  | 'group'
  | 'device_type'
  | 'organisation'
  | 'configuration'
>;

/** The yes/no filters, in the order a URL lists them. */
export const BOOLEAN_FILTERS = ['is_online', 'low_battery', 'is_synced', 'outdated_software'] as const;
export type BooleanFilter = (typeof BOOLEAN_FILTERS)[number];
/** The filters naming one thing by id, in the order a URL lists them (after the yes/no ones). */
export const ID_FILTERS = ['group', 'device_type', 'organisation', 'configuration'] as const;
export type IdFilter = (typeof ID_FILTERS)[number];

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
  const filters: DeviceListFilters = {
    ...(filter ? FLEET_FILTER_QUERY[filter] : {}),
    ...(group !== undefined ? { group } : {}),
  };
  const text = deviceListFilterParams(filters).toString();
  return text ? `${DEVICE_LIST_PATH}?${text}` : DEVICE_LIST_PATH;
}

/** A database id as the contract allows it (1 … 2³¹−1). */
const isId = (value: string | null): value is string =>
  value !== null && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647;

/** The filters in a headset list's URL (what the list page passes on to listDevices); malformed values are ignored. */
export function deviceListFiltersFrom(search: URLSearchParams): DeviceListFilters {
  const filters: DeviceListFilters = {};
  for (const name of BOOLEAN_FILTERS) {
    const value = search.get(name);
    if (value === 'true' || value === 'false') filters[name] = value === 'true';
  }
  for (const name of ID_FILTERS) {
    const value = search.get(name);
    if (isId(value)) filters[name] = Number(value);
  }
  return filters;
}

/** The URL form of filters, in a fixed order (equal filters, equal URLs); the reverse of deviceListFiltersFrom. */
export function deviceListFilterParams(
  filters: DeviceListFilters,
  params = new URLSearchParams(),
): URLSearchParams {
  for (const name of [...BOOLEAN_FILTERS, ...ID_FILTERS]) {
    const value = filters[name];
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}
