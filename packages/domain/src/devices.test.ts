import { describe, expect, it } from 'vitest';
import {
  COMMAND_EXPIRY_SECONDS,
  contentTypeOfStartCommand,
  DEVICE_CODE_NAMES,
  DEVICE_COMMANDS,
  defaultDeviceName,
  HEADSET_LONG_POLL_SECONDS,
  HEADSET_ONLINE_WINDOW_SECONDS,
  headsetStatus,
  isDeviceCommand,
  isPowerCycleCommand,
  isRepeatableCommand,
  startCommandFor,
} from './devices.ts';

describe('DEVICE_CODE_NAMES', () => {
  it('lists the 20 star names of spec §9 in order, each once', () => {
    expect(DEVICE_CODE_NAMES).toHaveLength(20);
    expect(new Set(DEVICE_CODE_NAMES).size).toBe(20);
    expect(DEVICE_CODE_NAMES[0]).toBe('Sirius');
    expect(DEVICE_CODE_NAMES[8]).toBe('Garux');
    expect(DEVICE_CODE_NAMES[19]).toBe('Vega');
  });
});

describe('DEVICE_COMMANDS', () => {
  it('holds the 13 commands of spec §7 and the two of attention (issue 26), all with the CMD. prefix', () => {
    expect(DEVICE_COMMANDS).toHaveLength(15);
    expect(new Set(DEVICE_COMMANDS).size).toBe(15);
    expect(DEVICE_COMMANDS.every((c) => c.startsWith('CMD.'))).toBe(true);
    expect(DEVICE_COMMANDS).toContain('CMD.SET.MANUFACTURER.MODE');
  });

  it('recognises only known commands', () => {
    expect(isDeviceCommand('CMD.REBOOT')).toBe(true);
    expect(isDeviceCommand('REBOOT')).toBe(false);
    expect(isDeviceCommand(undefined)).toBe(false);
  });
});

describe('startCommandFor', () => {
  it.each([
    ['app', 'CMD.START.APP'],
    ['video', 'CMD.START.VIDEO'],
    ['webApp', 'CMD.START.WEBAPP'],
  ] as const)('starts %s with %s', (type, command) => {
    expect(startCommandFor(type)).toBe(command);
    expect(DEVICE_COMMANDS).toContain(startCommandFor(type));
  });
});

describe('contentTypeOfStartCommand', () => {
  it('inverts startCommandFor and is null for other commands', () => {
    for (const type of ['app', 'video', 'webApp'] as const) {
      expect(contentTypeOfStartCommand(startCommandFor(type))).toBe(type);
    }
    expect(contentTypeOfStartCommand('CMD.REBOOT')).toBeNull();
  });
});

describe('command rules', () => {
  it('gives every command an expiry: playback and power minutes, settings and maintenance a day', () => {
    expect(Object.keys(COMMAND_EXPIRY_SECONDS).sort()).toEqual([...DEVICE_COMMANDS].sort());
    expect(COMMAND_EXPIRY_SECONDS['CMD.START.VIDEO']).toBe(300);
    expect(COMMAND_EXPIRY_SECONDS['CMD.SHUTDOWN']).toBe(300);
    expect(COMMAND_EXPIRY_SECONDS['CMD.SYNC']).toBe(86_400);
  });

  it('knows the commands after which a headset goes down', () => {
    expect(isPowerCycleCommand('CMD.REBOOT')).toBe(true);
    expect(isPowerCycleCommand('CMD.UPDATE')).toBe(true);
    expect(isPowerCycleCommand('CMD.SHUTDOWN')).toBe(true);
    expect(isPowerCycleCommand('CMD.SYNC')).toBe(false);
  });

  it('hands out again after a restart only the commands that end the same when carried out twice', () => {
    const repeatable = DEVICE_COMMANDS.filter(isRepeatableCommand);
    expect(repeatable).toEqual([
      'CMD.SYNC',
      'CMD.SYNC.SOFTWARE',
      'CMD.SET.GUIDED.MODE',
      'CMD.SET.MANUFACTURER.MODE',
    ]);
    // Toggles, starts and power commands would do something twice or out of their moment.
    for (const command of [
      'CMD.MUTE',
      'CMD.TOGGLE.PAUSE',
      'CMD.START.VIDEO',
      'CMD.REBOOT',
      'CMD.UPDATE',
    ] as const) {
      expect(isRepeatableCommand(command)).toBe(false);
    }
  });

  it('keeps the online window longer than one long poll', () => {
    expect(HEADSET_ONLINE_WINDOW_SECONDS).toBeGreaterThan(HEADSET_LONG_POLL_SECONDS);
  });
});

describe('defaultDeviceName', () => {
  it('uses the code names first, then numbers', () => {
    expect(defaultDeviceName(0)).toBe('Sirius');
    expect(defaultDeviceName(19)).toBe('Vega');
    expect(defaultDeviceName(20)).toBe('VR-Brille 21');
    expect(defaultDeviceName(29)).toBe('VR-Brille 30');
  });
});

describe('headsetStatus', () => {
  it.each([
    [{ isEnrolled: false, isOnline: true, syncStatus: 'syncing' }, 'unpaired'],
    [{ isEnrolled: true, isOnline: false, syncStatus: 'syncing' }, 'offline'],
    [{ isEnrolled: true, isOnline: true, syncStatus: 'synced' }, 'online'],
    [{ isEnrolled: true, isOnline: true, syncStatus: 'pending' }, 'online'],
    [{ isEnrolled: true, isOnline: true, syncStatus: 'syncing' }, 'syncing'],
    [{ isEnrolled: true, isOnline: true, syncStatus: 'failed' }, 'syncFailed'],
  ] as const)('%j is %s', (headset, expected) => {
    expect(headsetStatus(headset)).toBe(expected);
  });
});
