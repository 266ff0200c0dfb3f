import { hasVisibleCharacter } from '@portal/domain';
/** The longest name a group may have (contract DeviceGroupWrite.name). */
export const GROUP_NAME_MAX_LENGTH = 100;

export type GroupNameError = 'form.errors.nameRequired' | 'form.errors.nameTooLong';

/** The form's own check of the name, before the server is asked (which also refuses a name taken already). */
export function groupNameError(name: string): GroupNameError | undefined {
  const trimmed = name.trim();
  if (!hasVisibleCharacter(trimmed)) return 'form.errors.nameRequired';
  return trimmed.length > GROUP_NAME_MAX_LENGTH ? 'form.errors.nameTooLong' : undefined;
}
