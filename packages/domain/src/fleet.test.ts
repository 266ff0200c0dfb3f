import { describe, expect, it } from 'vitest';
import {
  isBatteryEmpty,
  isBatteryLow,
  isOutOfSync,
  isSoftwareOutdated,
  LOW_BATTERY_PERCENT,
} from './fleet.ts';

describe('fleet health', () => {
  it('counts a battery below 20 % as low, an unknown one not', () => {
    expect(LOW_BATTERY_PERCENT).toBe(20);
    expect(isBatteryLow(19)).toBe(true);
    expect(isBatteryLow(0)).toBe(true);
    expect(isBatteryLow(20)).toBe(false);
    expect(isBatteryLow(100)).toBe(false);
    expect(isBatteryLow(null)).toBe(false);
    expect(isBatteryLow(undefined)).toBe(false);
  });

  it('counts a battery at 2 % or less as empty, an unknown one not', () => {
    expect(isBatteryEmpty(0)).toBe(true);
    expect(isBatteryEmpty(2)).toBe(true);
    expect(isBatteryEmpty(3)).toBe(false);
    expect(isBatteryEmpty(null)).toBe(false);
  });

  it('calls software outdated below the newest published image of its model, never without one', () => {
    expect(isSoftwareOutdated('5.2.9', '5.3.0')).toBe(true);
    expect(isSoftwareOutdated('4.9.4', '5.3.0')).toBe(true);
    expect(isSoftwareOutdated('5.3.0', '5.3.0')).toBe(false);
    expect(isSoftwareOutdated('5.10.0', '5.3.0')).toBe(false);
    expect(isSoftwareOutdated(null, '5.3.0')).toBe(true);
    expect(isSoftwareOutdated('neu', '5.3.0')).toBe(true);
    // A model without a published image: nothing to update to, whatever the version.
    expect(isSoftwareOutdated('3.9.2', null)).toBe(false);
    expect(isSoftwareOutdated(null, undefined)).toBe(false);
  });

  it('calls every sync state but synced out of sync', () => {
    expect(isOutOfSync('synced')).toBe(false);
    expect(isOutOfSync('pending')).toBe(true);
    expect(isOutOfSync('syncing')).toBe(true);
    expect(isOutOfSync('failed')).toBe(true);
  });
});
