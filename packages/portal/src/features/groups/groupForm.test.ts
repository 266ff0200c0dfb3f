import { describe, expect, it } from 'vitest';
import { GROUP_NAME_MAX_LENGTH, groupNameError } from './groupForm.ts';

describe('groupNameError', () => {
  it('wants a name of at most 100 characters, blanks around it not counted', () => {
    expect(groupNameError('Klasse 7b')).toBeUndefined();
    expect(groupNameError('   ')).toBe('form.errors.nameRequired');
    // What shows nothing is no name, as the server says too (hasVisibleCharacter of @portal/domain).
    expect(groupNameError('\u200B\u200B\u202E')).toBe('form.errors.nameRequired');
    expect(groupNameError('\u202EKlasse 7b')).toBeUndefined();
    expect(groupNameError(` ${'x'.repeat(GROUP_NAME_MAX_LENGTH)} `)).toBeUndefined();
    expect(groupNameError('x'.repeat(GROUP_NAME_MAX_LENGTH + 1))).toBe('form.errors.nameTooLong');
  });
});
