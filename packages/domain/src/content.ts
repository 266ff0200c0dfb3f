import { type DomainUser, isMsbUser } from './roles.ts';

export const CONTENT_TYPES = ['app', 'video', 'webApp'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export function isContentType(value: unknown): value is ContentType {
  return (CONTENT_TYPES as readonly unknown[]).includes(value);
}

/** Format values that mean a 180° video (spec §3); the comparison is exact, as the server stores them. */
export const FORMATS_180 = ['180', '3D180_LR', '3D180_TB'] as const;
export type ContentDegrees = 180 | 360;

/**
 * The video formats of spec §3 (projection and stereo layout), in the order a form offers them. The contract
 * keeps the field open; these are the ones the portal knows by name ('3D 180° (links/rechts)' in the locales).
 */
export const CONTENT_FORMATS = ['180', '3D180_LR', '3D180_TB', '360'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export function isContentFormat(value: unknown): value is ContentFormat {
  return (CONTENT_FORMATS as readonly unknown[]).includes(value);
}

/** 180 for the three 180° formats; anything else — including no format at all — counts as 360°. */
export function contentFormatDegrees(format: string | null | undefined): ContentDegrees {
  return (FORMATS_180 as readonly (string | null | undefined)[]).includes(format) ? 180 : 360;
}

/** The `ordering` values the content list accepts. */
export const CONTENT_ORDERINGS = ['-created_at', 'created_at', 'title', '-title'] as const;
export type ContentOrdering = (typeof CONTENT_ORDERINGS)[number];

/** Spec §7: MSB users get the library by title, everybody else (also signed-out visitors) newest first. */
export function contentOrderingFor(user: DomainUser | null | undefined): 'title' | '-created_at' {
  return isMsbUser(user) ? 'title' : '-created_at';
}
