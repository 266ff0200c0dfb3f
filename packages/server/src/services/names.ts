import { hasVisibleCharacter } from '@portal/domain';
import { MESSAGES } from '../messages.ts';

/**
 * What is wrong with a name or title that must not be blank (content title, playlist, group, headset, organisation
 * and operating system names, a person's first and last name), or null: only blanks, or only characters that show
 * nothing (zero-width spaces, bidi controls, a combining mark alone: `hasVisibleCharacter` of @portal/domain, the rule
 * the portal's forms apply too). Either would stand as an empty gap in every list and dialog.
 */
export function nameProblem(value: string): string | null {
  if (value.trim() === '') return MESSAGES.field.blank;
  return hasVisibleCharacter(value) ? null : MESSAGES.field.invisible;
}
