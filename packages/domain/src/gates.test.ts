import { describe, expect, it } from 'vitest';
import { DEVICE_COMMANDS } from './devices.ts';
import {
  DEVICE_FEATURES,
  featureOfCommand,
  supportsFeature,
  unmetVersionGate,
  VERSION_GATES,
} from './gates.ts';

describe('VERSION_GATES', () => {
  it('uses the four versions of spec §5 and 5.0.0 of issue 26 (attention)', () => {
    const versions = new Set(DEVICE_FEATURES.map((f) => VERSION_GATES[f].minVersion));
    expect([...versions].sort()).toEqual(['4.0.1', '4.5.0', '4.7.0', '4.9.4', '5.0.0']);
  });

  it('names only known commands, each in one feature at most', () => {
    const gated = DEVICE_FEATURES.flatMap((f) => [...VERSION_GATES[f].commands]);
    expect(new Set(gated).size).toBe(gated.length);
    for (const command of gated) expect(DEVICE_COMMANDS).toContain(command);
  });

  it('leaves reboot, shutdown, sync, update, app and video start and stop open to every version', () => {
    for (const command of [
      'CMD.REBOOT',
      'CMD.SHUTDOWN',
      'CMD.SYNC',
      'CMD.UPDATE',
      'CMD.START.APP',
      'CMD.START.VIDEO',
      'CMD.STOP.RUNNING',
    ] as const) {
      expect(featureOfCommand(command)).toBeNull();
      expect(unmetVersionGate('1.0.0', command)).toBeNull();
      expect(unmetVersionGate(null, command)).toBeNull();
    }
  });
});

describe('unmetVersionGate', () => {
  it.each([
    ['CMD.SET.GUIDED.MODE', '4.0.0', '4.0.1'],
    ['CMD.TOGGLE.PAUSE', '4.4.9', '4.5.0'],
    ['CMD.START.WEBAPP', '4.2.3', '4.5.0'],
    ['CMD.SET.MANUFACTURER.MODE', '4.6.0', '4.7.0'],
    ['CMD.SYNC.SOFTWARE', '4.5.0', '4.7.0'],
    ['CMD.MUTE', '4.9.3', '4.9.4'],
  ] as const)('refuses %s on %s and names %s', (command, version, required) => {
    expect(unmetVersionGate(version, command)?.requiredVersion).toBe(required);
    expect(unmetVersionGate(required, command)).toBeNull();
    expect(unmetVersionGate('5.1.2', command)).toBeNull();
  });

  it('names the feature, and refuses gated commands when the version is unknown', () => {
    expect(unmetVersionGate('3.9.2', 'CMD.SET.GUIDED.MODE')).toEqual({
      feature: 'guidedMode',
      requiredVersion: '4.0.1',
    });
    expect(unmetVersionGate(null, 'CMD.MUTE')?.feature).toBe('remoteMute');
    expect(unmetVersionGate('kaputt', 'CMD.TOGGLE.PAUSE')?.requiredVersion).toBe('4.5.0');
  });
});

describe('supportsFeature', () => {
  it('compares semantically, pre-releases below their release', () => {
    expect(supportsFeature('4.10.0', 'remoteMute')).toBe(true);
    expect(supportsFeature('4.9.4-rc.1', 'remoteMute')).toBe(false);
    expect(supportsFeature('4.7', 'manufacturerMode')).toBe(true);
    expect(supportsFeature(undefined, 'guidedMode')).toBe(false);
  });
});
