import { FLEET_HEALTH_FILTERS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  deviceListFilterParams,
  deviceListFiltersFrom,
  deviceListHref,
  FLEET_FILTER_QUERY,
} from './fleetFilters.ts';

const filtersOf = (href: string) => deviceListFiltersFrom(new URL(href, 'http://portal').searchParams);

describe('the headset list’s filters in its URL', () => {
  it('link each dashboard count with the contract’s parameter names, and read back exactly that filter', () => {
    expect(deviceListHref('online')).toBe('/dashboard/devices?is_online=true');
    expect(deviceListHref('lowBattery')).toBe('/dashboard/devices?low_battery=true');
    expect(deviceListHref('offline')).toBe('/dashboard/devices?is_online=false');
    expect(deviceListHref('outOfSync')).toBe('/dashboard/devices?is_synced=false');
    expect(deviceListHref('outdatedSoftware')).toBe('/dashboard/devices?outdated_software=true');
    expect(deviceListHref(null, 4)).toBe('/dashboard/devices?group=4');
    expect(deviceListHref(null)).toBe('/dashboard/devices');
    for (const filter of FLEET_HEALTH_FILTERS) {
      expect(filtersOf(deviceListHref(filter))).toEqual(FLEET_FILTER_QUERY[filter]);
    }
    expect(filtersOf(deviceListHref('lowBattery', 4))).toEqual({ low_battery: true, group: 4 });
  });

  it('read and write every filter of the fleet page the same way, in a fixed order', () => {
    const query =
      'is_online=false&low_battery=true&is_synced=false&outdated_software=true&group=5&device_type=2&organisation=3&configuration=7';
    const filters = deviceListFiltersFrom(new URLSearchParams(query));
    expect(filters).toEqual({
      is_online: false,
      low_battery: true,
      is_synced: false,
      outdated_software: true,
      group: 5,
      device_type: 2,
      organisation: 3,
      configuration: 7,
    });
    expect(deviceListFilterParams(filters).toString()).toBe(query);
    // Written in the same order whatever order the object was built in.
    expect(deviceListFilterParams({ configuration: 1, low_battery: false, is_online: true }).toString()).toBe(
      'is_online=true&low_battery=false&configuration=1',
    );
  });

  it('ignore malformed values and the names the page no longer reads', () => {
    expect(
      deviceListFiltersFrom(
        new URLSearchParams(
          'low_battery=yes&is_online=true&group=x&device_type=0&organisation=-3&configuration=2147483648&online=false&model=2&playlist=7',
        ),
      ),
    ).toEqual({ is_online: true });
    expect(deviceListFilterParams({}).toString()).toBe('');
  });
});
