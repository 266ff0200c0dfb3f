import { describe, expect, it } from 'vitest';
import type { DeviceTypesState } from '../../lib/deviceTypes.ts';
import { sessionGate } from './sessionGate.ts';

const accepted = { hasAcceptedTos: true };
const pending = { hasAcceptedTos: false };
const gate = (
  state: Partial<Parameters<typeof sessionGate>[0]> & { deviceTypes?: DeviceTypesState },
): ReturnType<typeof sessionGate> =>
  sessionGate({
    signedIn: true,
    user: undefined,
    failed: false,
    pathname: '/library',
    deviceTypes: 'ready',
    ...state,
  });

describe('the session gate of the shell (spec §4, §8)', () => {
  it('shows visitors the page', () => {
    expect(gate({ signedIn: false, deviceTypes: 'loading' })).toBe('page');
  });

  it('shows no page content while the signed-in user loads, and an error when loading fails', () => {
    expect(gate({})).toBe('loading');
    expect(gate({ failed: true, pathname: '/dashboard' })).toBe('failed');
  });

  it('shows the terms dialog instead of the page until they are accepted', () => {
    expect(gate({ user: pending })).toBe('terms');
    expect(gate({ user: pending, pathname: '/login' })).toBe('terms');
    expect(gate({ user: accepted })).toBe('page');
  });

  it('keeps the login pages while they set the session up', () => {
    for (const pathname of ['/login', '/oidc-antares']) {
      expect(gate({ pathname })).toBe('page');
      expect(gate({ pathname, user: accepted, deviceTypes: 'loading' })).toBe('page');
    }
  });

  it('renders nothing of the page until the device types are there, and says when they failed', () => {
    expect(gate({ user: accepted, deviceTypes: 'loading' })).toBe('loading');
    expect(gate({ user: accepted, deviceTypes: 'failed', pathname: '/dashboard/devices' })).toBe(
      'deviceTypesFailed',
    );
    expect(gate({ user: accepted, deviceTypes: 'ready', pathname: '/dashboard/devices' })).toBe('page');
  });
});
