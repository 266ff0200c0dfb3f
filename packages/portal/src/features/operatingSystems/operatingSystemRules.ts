import type { CommandReceipt, Device, OperatingSystem } from '@portal/api';
import {
  hasVisibleCharacter,
  type UpdateFacts,
  type UpdateProblem,
  type UpdateReceipt,
  updateProblemsOf,
  updateReceiptOf,
} from '@portal/domain';
import type { CommandOutcome } from '../../lib/commands.ts';

/** A headset as @portal/domain's update rule reads it. */
export function updateFactsOf(headset: Device): UpdateFacts {
  return {
    isEnrolled: headset.isEnrolled,
    isOnline: headset.isOnline,
    batteryLevel: headset.batteryLevel,
    softwareVersion: headset.softwareVersion,
    deviceTypeId: headset.deviceType.id,
    updating: headset.softwareUpdate !== null,
  };
}

/** Why each headset may not install the image now (the server refuses CMD.UPDATE for the same reasons). */
export function rolloutProblems(
  image: Pick<OperatingSystem, 'version' | 'deviceTypes'>,
  headset: Device,
): UpdateProblem[] {
  return updateProblemsOf(updateFactsOf(headset), {
    version: image.version,
    deviceTypeIds: image.deviceTypes.map((type) => type.id),
  });
}

/**
 * The headsets a rollout is about: those of the image's models, the ones that need it first (not up to date), then by
 * name as the list came.
 */
export function rolloutHeadsets(
  image: Pick<OperatingSystem, 'version' | 'deviceTypes'>,
  headsets: readonly Device[],
): Device[] {
  const models = new Set(image.deviceTypes.map((type) => type.id));
  const ofModels = headsets.filter((headset) => models.has(headset.deviceType.id));
  const upToDate = (headset: Device) => rolloutProblems(image, headset).includes('upToDate');
  return [...ofModels.filter((h) => !upToDate(h)), ...ofModels.filter(upToDate)];
}

/** Each headset's stage: refused by the server, not seen yet ('gesendet'), or as its reports say (updateReceiptOf). */
export function rolloutReceipts(
  outcomes: readonly CommandOutcome[],
  results: readonly CommandReceipt[],
  version: string,
): Map<number, UpdateReceipt> {
  const byCommand = new Map(results.map((result) => [result.command.id, result]));
  return new Map(
    outcomes.map((outcome) => {
      if ('refusal' in outcome) return [outcome.headsetId, { state: 'failed', reason: outcome.refusal }];
      const found = byCommand.get(outcome.commandId);
      return [
        outcome.headsetId,
        found ? updateReceiptOf(found.command, found.device, version) : { state: 'sent' },
      ];
    }),
  );
}

/** The version an image installs: three numbers with dots, as headsets report theirs (contract OperatingSystemVersion). */
const VERSION_PATTERN = /^[0-9]+\.[0-9]+\.[0-9]+$/;
/** Contract OperatingSystemCreate: the longest name. */
export const OPERATING_SYSTEM_NAME_MAX_LENGTH = 200;

export interface OperatingSystemFormValues {
  name: string;
  version: string;
  deviceTypeIds: number[];
  releaseNotes: string;
}

export type OperatingSystemFormError =
  | 'form.errors.nameRequired'
  | 'form.errors.nameTooLong'
  | 'form.errors.versionInvalid'
  | 'form.errors.modelsRequired';

/** The form's own checks before the server is asked (which checks the same and that the models exist). */
export function operatingSystemFormErrors(
  values: OperatingSystemFormValues,
): Partial<Record<keyof OperatingSystemFormValues, OperatingSystemFormError>> {
  const name = values.name.trim();
  return {
    name: !hasVisibleCharacter(name)
      ? 'form.errors.nameRequired'
      : name.length > OPERATING_SYSTEM_NAME_MAX_LENGTH
        ? 'form.errors.nameTooLong'
        : undefined,
    version: VERSION_PATTERN.test(values.version.trim()) ? undefined : 'form.errors.versionInvalid',
    deviceTypeIds: values.deviceTypeIds.length === 0 ? 'form.errors.modelsRequired' : undefined,
  };
}
