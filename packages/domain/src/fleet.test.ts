import { describe, expect, it } from 'vitest';
import {
  FULL_FEATURE_SOFTWARE_VERSION,
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

  it('calls software outdated below the highest version gate, and when it is unknown', () => {
    expect(FULL_FEATURE_SOFTWARE_VERSION).toBe('4.9.4');
    expect(isSoftwareOutdated('4.9.3')).toBe(true);
    expect(isSoftwareOutdated('3.9.2')).toBe(true);
    expect(isSoftwareOutdated('4.9.4')).toBe(false);
    expect(isSoftwareOutdated('4.10.0')).toBe(false);
    expect(isSoftwareOutdated('5.2.0')).toBe(false);
    expect(isSoftwareOutdated(null)).toBe(true);
    expect(isSoftwareOutdated('neu')).toBe(true);
  });

  it('calls every sync state but synced out of sync', () => {
    expect(isOutOfSync('synced')).toBe(false);
    expect(isOutOfSync('pending')).toBe(true);
    expect(isOutOfSync('syncing')).toBe(true);
    expect(isOutOfSync('failed')).toBe(true);
  });
});
