import { describe, expect, it } from 'vitest';
import { GROUP_NAME_MAX_LENGTH, groupNameError } from './groupForm.ts';

describe('groupNameError', () => {
  it('wants a name of at most 100 characters, blanks around it not counted', () => {
    expect(groupNameError('Klasse 7b')).toBeUndefined();
    expect(groupNameError('   ')).toBe('form.errors.nameRequired');
    expect(groupNameError(` ${'x'.repeat(GROUP_NAME_MAX_LENGTH)} `)).toBeUndefined();
    expect(groupNameError('x'.repeat(GROUP_NAME_MAX_LENGTH + 1))).toBe('form.errors.nameTooLong');
  });
});
