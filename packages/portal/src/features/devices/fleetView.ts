import type { ListDevicesQuery } from '@portal/api';
import {
  DEVICE_LIST_PATH,
  type DeviceListFilters,
  deviceListFilterParams,
  deviceListFiltersFrom,
} from '../../lib/fleetFilters.ts';

export type DeviceOrdering = NonNullable<ListDevicesQuery['ordering']>;
const ORDERINGS: readonly DeviceOrdering[] = [
  'name',
  '-name',
  'serialNumber',
  '-serialNumber',
  'lastSeen',
  '-lastSeen',
  'batteryLevel',
  '-batteryLevel',
];

/** Headsets per page of the fleet (a class set of 30 fits on one). */
export const FLEET_PAGE_SIZE = 50;

/**
 * The fleet page's view as it lives in the URL: search, filters, sorting and page, all done by the server. The
 * filters use the contract's names through lib/fleetFilters.ts, the same the dashboard's counts link with.
 */
export interface FleetView {
  search: string;
  filters: DeviceListFilters;
  ordering: DeviceOrdering;
  page: number;
}

export const DEFAULT_FLEET_VIEW: FleetView = { search: '', filters: {}, ordering: 'name', page: 1 };

const isOrdering = (value: string | null): value is DeviceOrdering =>
  value !== null && (ORDERINGS as readonly string[]).includes(value);

/** Reads the view from the URL; anything malformed (a hand-edited link) falls back to the default. */
export function parseFleetView(params: URLSearchParams): FleetView {
  const ordering = params.get('ordering');
  const page = params.get('page');
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    filters: deviceListFiltersFrom(params),
    ordering: isOrdering(ordering) ? ordering : DEFAULT_FLEET_VIEW.ordering,
    page: page !== null && /^\d{1,9}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The URL form of a view: only what differs from the default, in a fixed order (equal views, equal URLs). */
export function fleetViewParams(view: FleetView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim() !== '') params.set('search', view.search);
  deviceListFilterParams(view.filters, params);
  if (view.ordering !== DEFAULT_FLEET_VIEW.ordering) params.set('ordering', view.ordering);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export function fleetPageHref(view: FleetView, page: number): string {
  const query = fleetViewParams({ ...view, page }).toString();
  return query === '' ? DEVICE_LIST_PATH : `${DEVICE_LIST_PATH}?${query}`;
}

/** A changed search, filter or sorting starts again on page 1. */
export function withFleetView(view: FleetView, change: Partial<Omit<FleetView, 'page'>>): FleetView {
  return { ...view, ...change, page: 1 };
}

/** One filter set (a value) or cleared (undefined); the list starts again on page 1. */
export function withFleetFilter<Name extends keyof DeviceListFilters>(
  view: FleetView,
  name: Name,
  value: DeviceListFilters[Name] | undefined,
): FleetView {
  const { [name]: _cleared, ...others } = view.filters;
  return withFleetView(view, { filters: value === undefined ? others : { ...others, [name]: value } });
}

/** True when search or a filter narrows the list (sorting and page do not). */
export function isFiltered(view: FleetView): boolean {
  return view.search.trim() !== '' || Object.keys(view.filters).length > 0;
}

/** The view of /dashboard/devices without a query string: the one the inline script in index.html prefetches. */
export function isDefaultFleetView(view: FleetView): boolean {
  return fleetViewParams(view).toString() === '';
}

/** The server query of a view (listDevices); absent filters are not sent. */
export function fleetQueryOf(view: FleetView): ListDevicesQuery {
  return {
    page_size: FLEET_PAGE_SIZE,
    ordering: view.ordering,
    ...(view.page > 1 ? { page: view.page } : {}),
    ...(view.search.trim() !== '' ? { search: view.search.trim() } : {}),
    ...view.filters,
  };
}

/** The table's sortable columns and the server ordering each one asks for. */
export const SORTABLE_COLUMNS = { name: 'name', status: 'lastSeen', battery: 'batteryLevel' } as const;
export type SortableColumn = keyof typeof SORTABLE_COLUMNS;

/** The table's sort state of an ordering (null where no column shows it, e.g. by serial number). */
export function sortOf(
  ordering: DeviceOrdering,
): { columnId: SortableColumn; direction: 'ascending' | 'descending' } | null {
  const descending = ordering.startsWith('-');
  const field = descending ? ordering.slice(1) : ordering;
  const column = (Object.keys(SORTABLE_COLUMNS) as SortableColumn[]).find(
    (id) => SORTABLE_COLUMNS[id] === field,
  );
  return column ? { columnId: column, direction: descending ? 'descending' : 'ascending' } : null;
}

/** The ordering a sorted column asks the server for. */
export function orderingOf(columnId: string, direction: 'ascending' | 'descending'): DeviceOrdering | null {
  if (!Object.hasOwn(SORTABLE_COLUMNS, columnId)) return null;
  const field = SORTABLE_COLUMNS[columnId as SortableColumn];
  return direction === 'ascending' ? field : `-${field}`;
}
