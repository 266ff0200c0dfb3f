import type { Content } from '@portal/api';
import {
  type AgeRange,
  ageRange,
  type ContentType,
  contentFormatDegrees,
  isContentFormat,
} from '@portal/domain';
import type { ContentCardPlaceholderTone } from '@portal/ui';
import type { TFunction } from 'i18next';

/** Card titles are cut at the next space after this many characters (spec §9 truncation). */
export const CARD_TITLE_TRUNCATE_AT = 48;

/** 'Keine Altersempfehlung' / 'X bis Y Jahre' (spec §9) through the translations. */
export function ageText(t: TFunction<'library'>, min: number | null, max: number | null): string {
  const range: AgeRange = ageRange(min, max);
  switch (range.kind) {
    case 'none':
      return t('age.none');
    case 'range':
      return t('age.range', { min: range.min, max: range.max });
    case 'from':
      return t('age.from', { min: range.min });
    case 'upTo':
      return t('age.upTo', { max: range.max });
  }
}

/** '180°' / '360°' per the format rule of spec §3; null when the content has no format. */
export function degreesText(t: TFunction<'library'>, content: Pick<Content, 'format'>): string | null {
  return content.format ? t(`degrees.${contentFormatDegrees(content.format)}`) : null;
}

/** A format by its name in the locales ('3D 180° (links/rechts)'); an unknown one as stored; null without. */
export function formatText(t: TFunction<'library'>, format: string | null): string | null {
  if (format === null || format === '') return null;
  return isContentFormat(format) ? t(`formats.${format}`) : format;
}

/** Shared with one of the user's organisations by another organisation: read-only for the user. */
export function isSharedWithUser(
  content: Pick<Content, 'sharedWith' | 'owner'>,
  organisationIds: readonly number[],
): boolean {
  if (organisationIds.includes(content.owner.id)) return false;
  return content.sharedWith.some((id) => organisationIds.includes(id));
}

/** Each content type keeps its colour where no preview image stands in: App blue, Video orange, Web-App green. */
export const PLACEHOLDER_TONES = {
  app: 'info',
  video: 'warning',
  webApp: 'positive',
} as const satisfies Record<ContentType, ContentCardPlaceholderTone>;
