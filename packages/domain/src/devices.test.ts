import { describe, expect, it } from 'vitest';
import { DEVICE_CODE_NAMES, DEVICE_COMMANDS, isDeviceCommand, startCommandFor } from './devices.ts';

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
  it('holds the 13 commands of spec §7, all with the CMD. prefix', () => {
    expect(DEVICE_COMMANDS).toHaveLength(13);
    expect(new Set(DEVICE_COMMANDS).size).toBe(13);
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
