import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLEET_VIEW,
  fleetPageHref,
  fleetQueryOf,
  fleetViewParams,
  isDefaultFleetView,
  isFiltered,
  orderingOf,
  parseFleetView,
  sortOf,
  withFleetFilter,
  withFleetView,
} from './fleetView.ts';

const parse = (query: string) => parseFleetView(new URLSearchParams(query));

describe('the fleet view in the URL', () => {
  it('reads every filter, the sorting and the page, and writes them back the same', () => {
    const query =
      'search=Sirius&is_online=false&low_battery=true&group=4&device_type=2&organisation=3&configuration=7&ordering=-batteryLevel&page=2';
    const view = parse(query);
    expect(view).toEqual({
      search: 'Sirius',
      filters: {
        is_online: false,
        low_battery: true,
        group: 4,
        device_type: 2,
        organisation: 3,
        configuration: 7,
      },
      ordering: '-batteryLevel',
      page: 2,
    });
    expect(fleetViewParams(view).toString()).toBe(query);
  });

  it('falls back to the default for anything malformed, and writes nothing for the default', () => {
    expect(parse('is_online=ja&device_type=-1&organisation=x&configuration=0&ordering=drop&page=0')).toEqual(
      DEFAULT_FLEET_VIEW,
    );
    expect(fleetViewParams(DEFAULT_FLEET_VIEW).toString()).toBe('');
    expect(fleetPageHref(DEFAULT_FLEET_VIEW, 1)).toBe('/dashboard/devices');
    expect(fleetPageHref({ ...DEFAULT_FLEET_VIEW, filters: { is_online: true } }, 3)).toBe(
      '/dashboard/devices?is_online=true&page=3',
    );
  });

  it('starts again on page 1 when a filter changes, and knows when the list is narrowed', () => {
    const view = withFleetFilter({ ...DEFAULT_FLEET_VIEW, page: 4 }, 'is_synced', false);
    expect(view).toEqual({ ...DEFAULT_FLEET_VIEW, filters: { is_synced: false } });
    expect(isFiltered(view)).toBe(true);
    const cleared = withFleetFilter({ ...view, page: 3 }, 'is_synced', undefined);
    expect(cleared).toEqual(DEFAULT_FLEET_VIEW);
    expect(isFiltered(cleared)).toBe(false);
    expect(withFleetView({ ...view, page: 2 }, { ordering: '-name' })).toEqual({
      ...view,
      ordering: '-name',
    });
    expect(isFiltered({ ...DEFAULT_FLEET_VIEW, ordering: '-name', page: 2 })).toBe(false);
  });

  it('asks the server with the contract’s names, leaving out what is not set', () => {
    expect(fleetQueryOf(DEFAULT_FLEET_VIEW)).toEqual({ page_size: 50, ordering: 'name' });
    expect(
      fleetQueryOf(
        parse(
          'search=%20Vega%20&is_online=true&outdated_software=true&device_type=1&configuration=9&group=3&page=2',
        ),
      ),
    ).toEqual({
      page_size: 50,
      ordering: 'name',
      page: 2,
      search: 'Vega',
      is_online: true,
      outdated_software: true,
      group: 3,
      device_type: 1,
      configuration: 9,
    });
  });

  it('is the default view, which the inline script of index.html asks for, only without a query string', () => {
    expect(isDefaultFleetView(parse(''))).toBe(true);
    for (const query of ['page=2', 'ordering=-name', 'search=Vega', 'is_online=true'])
      expect(isDefaultFleetView(parse(query)), query).toBe(false);
    const script = readFileSync(new URL('../../lib/prefetchScript.js', import.meta.url), 'utf8');
    const asked = script.match(/'\/api\/v3\/mdm\/devices\/\?([^']*)'/)?.[1];
    const query = Object.fromEntries(new URLSearchParams(asked));
    expect(query).toEqual(
      Object.fromEntries(Object.entries(fleetQueryOf(DEFAULT_FLEET_VIEW)).map(([k, v]) => [k, String(v)])),
    );
  });

  it('maps the sortable columns to the server orderings and back', () => {
    expect(sortOf('-lastSeen')).toEqual({ columnId: 'status', direction: 'descending' });
    expect(sortOf('batteryLevel')).toEqual({ columnId: 'battery', direction: 'ascending' });
    expect(sortOf('serialNumber')).toBeNull();
    expect(orderingOf('name', 'descending')).toBe('-name');
    expect(orderingOf('battery', 'ascending')).toBe('batteryLevel');
    expect(orderingOf('model', 'ascending')).toBeNull();
  });
});
