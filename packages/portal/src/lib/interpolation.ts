import { isolateBidi, TRANSLATION_MAX_PLACEHOLDERS } from '@portal/domain';
import type { InterpolationOptions } from 'i18next';

/**
 * How i18next sets values into the portal's texts (the app's instance and tests of its wording). Every value is
 * isolated as i18next's "escape" (`isolateBidi` of @portal/domain): a headset name, a reported app name or a title
 * with right-to-left text or a direction override cannot reorder the sentence around it ('„{{name}}“ löschen?',
 * '{{what}} (läuft)'), in toasts, dialogs, labels and options alike. Values without such characters stay as they are.
 * A text that becomes data rather than something shown (the proposed name of a copy) passes
 * `interpolation: { escapeValue: false }`.
 */
export const interpolation = {
  escapeValue: true,
  escape: isolateBidi,
  maxReplaces: TRANSLATION_MAX_PLACEHOLDERS,
} satisfies InterpolationOptions;
