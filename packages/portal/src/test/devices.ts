import type { Device, DeviceCommand } from '@portal/api';

/** A headset as listDevices answers it, for tests of the portal; override what a test is about. */
export function testDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 1,
    serialNumber: 'PA7GY0001',
    name: 'Sirius',
    deviceType: { id: 2, name: 'Pico Neo 3 Pro' },
    softwareVersion: '4.9.4',
    isOnline: true,
    batteryLevel: 80,
    storageTotal: 256 * 1024 ** 3,
    storageUsed: 20 * 1024 ** 3,
    lastSeen: '2026-11-24T09:59:30.000Z',
    organisationId: 2,
    currentApp: null,
    currentContentUuid: null,
    playbackState: 'stopped',
    activeConfigurationId: null,
    syncStatus: 'synced',
    syncProgress: null,
    syncQueued: false,
    syncTransfer: null,
    missingContent: [],
    guidedMode: true,
    manufacturerMode: false,
    muted: false,
    attention: null,
    attentionFallback: false,
    currentTime: null,
    isEnrolled: true,
    newestOperatingSystem: null,
    softwareUpdate: null,
    ...overrides,
  };
}

/** A command as the server answers it (history, queues). */
export function testCommand(overrides: Partial<DeviceCommand> = {}): DeviceCommand {
  return {
    id: 1,
    deviceId: 1,
    serialNumber: 'PA7GY0001',
    command: 'CMD.SYNC',
    extras: { guidedModeState: true, manufacturerModeState: false },
    status: 'queued',
    message: null,
    code: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    deliveredAt: null,
    finishedAt: null,
    expiresAt: '2026-11-25T09:00:00.000Z',
    ...overrides,
  };
}
