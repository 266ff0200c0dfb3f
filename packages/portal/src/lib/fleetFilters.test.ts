import { FLEET_HEALTH_FILTERS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { deviceListFiltersFrom, deviceListHref, fleetFilterOf } from './fleetFilters.ts';

describe('the headset list’s filters in its URL', () => {
  it('link each dashboard count with the contract’s parameter names, and read them back', () => {
    expect(deviceListHref('lowBattery')).toBe('/dashboard/devices?low_battery=true');
    expect(deviceListHref('offline')).toBe('/dashboard/devices?is_online=false');
    expect(deviceListHref('outOfSync')).toBe('/dashboard/devices?is_synced=false');
    expect(deviceListHref('outdatedSoftware')).toBe('/dashboard/devices?outdated_software=true');
    expect(deviceListHref(null, 4)).toBe('/dashboard/devices?group=4');
    for (const filter of FLEET_HEALTH_FILTERS) {
      const search = new URL(deviceListHref(filter), 'http://portal').searchParams;
      expect(fleetFilterOf(deviceListFiltersFrom(search))).toBe(filter);
    }
  });

  it('ignore malformed values', () => {
    expect(deviceListFiltersFrom(new URLSearchParams('low_battery=yes&is_online=true&group=x'))).toEqual({
      is_online: true,
    });
    expect(fleetFilterOf({})).toBeNull();
  });
});
