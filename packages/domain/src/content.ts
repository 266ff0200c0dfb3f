import { type DomainUser, isMsbUser } from './roles.ts';

export const CONTENT_TYPES = ['app', 'video', 'webApp'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export function isContentType(value: unknown): value is ContentType {
  return (CONTENT_TYPES as readonly unknown[]).includes(value);
}

/** Format values that mean a 180° video (spec §3); the comparison is exact, as the server stores them. */
export const FORMATS_180 = ['180', '3D180_LR', '3D180_TB'] as const;
export type ContentDegrees = 180 | 360;

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
