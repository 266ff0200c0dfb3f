/**
 * Headsets: the fleet as the portal manages it (devices, pairing, commands, readiness, groups, lessons) and the headset side,
 * the calls the headsets make themselves (headset.ts, its one door, over headsetSide.ts and headsetEvents.ts).
 */
export {
  COMMAND_SWEEP_INTERVAL_SECONDS,
  listCommandReceipts,
  listDeviceCommands,
  queueBulkCommand,
  queueDeviceCommand,
  queuePlaylistSync,
  sendDeviceCommand,
  sweepExpiredCommands,
} from './commands.ts';
export { deviceSummary, getDevice, listDevices, listDeviceTypes } from './devices.ts';
export {
  deleteDevice,
  enrolDevice,
  issueEnrolmentCodeFor,
  renewEnrolmentCode,
  revokeDeviceToken,
} from './enrolment.ts';
export {
  createDeviceGroup,
  deleteDeviceGroup,
  getDeviceGroup,
  listDeviceGroups,
  updateDeviceGroup,
} from './groups.ts';
export {
  enrolHeadset,
  headsetConfiguration,
  pollHeadsetCommands,
  reportHeadsetCommandResult,
  reportHeadsetState,
} from './headset.ts';
export { type HeadsetEvents, LocalHeadsetEvents, PostgresHeadsetEvents } from './headsetEvents.ts';
export { HeadsetSide } from './headsetSide.ts';
export { listRunningLessons, sweepEndedLessons } from './lessons.ts';
export { checkReadiness } from './readiness.ts';
