import type { Device, DeviceCommand as SentCommand } from '@portal/api';
import type { DeviceCommand } from '@portal/domain';
import { apiClient } from './api.ts';
import { answerOf } from './serverErrors.ts';

/** The 13 commands by their names in the portal (namespace common, `commands.*`). */
export const COMMAND_LABELS = {
  'CMD.REBOOT': 'commands.reboot',
  'CMD.SHUTDOWN': 'commands.shutdown',
  'CMD.SYNC': 'commands.sync',
  'CMD.SYNC.SOFTWARE': 'commands.softwareSync',
  'CMD.UPDATE': 'commands.update',
  'CMD.MUTE': 'commands.mute',
  'CMD.TOGGLE.PAUSE': 'commands.togglePause',
  'CMD.START.APP': 'commands.startApp',
  'CMD.START.VIDEO': 'commands.startVideo',
  'CMD.START.WEBAPP': 'commands.startWebApp',
  'CMD.STOP.RUNNING': 'commands.stop',
  'CMD.SET.GUIDED.MODE': 'commands.guidedMode',
  'CMD.SET.MANUFACTURER.MODE': 'commands.manufacturerMode',
} as const satisfies Record<DeviceCommand, `commands.${string}`>;

export interface CommandInput {
  command: DeviceCommand;
  /** Content to start (start commands); the modes default to what the headset reported. */
  contentUuid?: string;
  packageName?: string;
  guidedModeState?: boolean;
  manufacturerModeState?: boolean;
}

/**
 * Sends one command to one headset (sendDeviceCommand, spec §7: per serial number). The extras always carry both
 * modes (the contract requires them); commands other than the two mode switches ignore them, so they repeat what
 * the headset reported and never change a mode by accident.
 */
export function sendCommand(
  device: Pick<Device, 'serialNumber' | 'guidedMode' | 'manufacturerMode'>,
  input: CommandInput,
): Promise<SentCommand> {
  const { command, guidedModeState, manufacturerModeState, ...content } = input;
  return answerOf(
    apiClient.POST('/api/v1/mdm/devices/{serial}/command/', {
      params: { path: { serial: device.serialNumber } },
      body: {
        command,
        extras: {
          ...content,
          guidedModeState: guidedModeState ?? device.guidedMode,
          manufacturerModeState: manufacturerModeState ?? device.manufacturerMode,
        },
      },
    }),
  );
}
