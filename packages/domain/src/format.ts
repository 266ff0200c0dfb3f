/** Display rules of spec §9. No translations here: texts the portal shows come back as data or as constants. */

export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

export interface ByteSize {
  /** Rounded to 2 decimals (whole bytes for unit 'B'), so it matches what {@link formatBytes} shows. */
  value: number;
  unit: ByteUnit;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * 1024-based size. Null for values that are not a size (missing, negative, NaN, infinite) so the caller decides what
 * to show instead. Sizes above 1024 TB stay in TB.
 */
export function byteSize(bytes: number | null | undefined): ByteSize | null {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return null;
  let index = 0;
  let value = bytes;
  while (value >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  let rounded = roundTo(value, index === 0 ? 0 : 2);
  // 1023.999 KB rounds to 1024.00 KB; show it as 1.00 MB instead.
  if (rounded >= 1024 && index < BYTE_UNITS.length - 1) {
    index += 1;
    rounded = roundTo(rounded / 1024, 2);
  }
  return { value: rounded, unit: BYTE_UNITS[index] ?? 'B' };
}

/**
 * '1,50 GB' in German (the default), '1.50 GB' in English. Two decimals from KB on; whole bytes have none
 * ('512 B'), as a fraction of a byte does not exist. Null where {@link byteSize} is null.
 */
export function formatBytes(bytes: number | null | undefined, locale = 'de'): string | null {
  const size = byteSize(bytes);
  if (!size) return null;
  const decimals = size.unit === 'B' ? 0 : 2;
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(size.value);
  return `${number} ${size.unit}`;
}

/**
 * 'h:mm:ss' with unbounded hours: 3725 → '1:02:05', 360000 → '100:00:00'. Fractions of a second are dropped;
 * negative or non-finite input shows as '0:00:00' (an elapsed time cannot be less than nothing).
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The reverse of {@link formatDuration}: 'h:mm:ss', 'm:ss' or whole seconds ('3725') to seconds; null for an
 * empty text, 'invalid' for anything else (minutes and seconds after the first part must be below 60).
 * @example parseDuration('1:02:05') // 3725
 */
export function parseDuration(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,6}(:\d{1,2}){0,2}$/.test(trimmed)) return 'invalid';
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return 'invalid';
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Spec §9, word for word. */
export const AGE_TEXT_NONE = 'Keine Altersempfehlung';
/** Spec §9 'X bis Y Jahre' in i18next interpolation syntax, ready to be the German translation value. */
export const AGE_TEXT_RANGE = '{{min}} bis {{max}} Jahre';
/** Not in the spec (it only knows both ends or none); our wording for a range open at the top. */
export const AGE_TEXT_FROM = 'ab {{min}} Jahren';
/** Not in the spec; our wording for a range open at the bottom. */
export const AGE_TEXT_UP_TO = 'bis {{max}} Jahre';

export type AgeRange =
  | { kind: 'none' }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'from'; min: number }
  | { kind: 'upTo'; max: number };

function ageOrNull(age: number | null | undefined): number | null {
  // 0 means "no lower/upper bound" here: content stored with 0/0 has no recommendation, and "ab 0 Jahren"
  // says nothing.
  return typeof age === 'number' && Number.isFinite(age) && age > 0 ? Math.floor(age) : null;
}

/**
 * The age recommendation as data, for the portal to translate.
 * - both ends missing, 0, negative or not a number → none
 * - both given → range (swapped if given the wrong way round)
 * - only one end → from / upTo
 */
export function ageRange(min: number | null | undefined, max: number | null | undefined): AgeRange {
  const lo = ageOrNull(min);
  const hi = ageOrNull(max);
  if (lo !== null && hi !== null) return { kind: 'range', min: Math.min(lo, hi), max: Math.max(lo, hi) };
  if (lo !== null) return { kind: 'from', min: lo };
  if (hi !== null) return { kind: 'upTo', max: hi };
  return { kind: 'none' };
}

/** The German text of {@link ageRange}, for places without i18n (server, seed, tests). */
export function ageRangeText(min: number | null | undefined, max: number | null | undefined): string {
  const range = ageRange(min, max);
  switch (range.kind) {
    case 'none':
      return AGE_TEXT_NONE;
    case 'range':
      return AGE_TEXT_RANGE.replace('{{min}}', String(range.min)).replace('{{max}}', String(range.max));
    case 'from':
      return AGE_TEXT_FROM.replace('{{min}}', String(range.min));
    case 'upTo':
      return AGE_TEXT_UP_TO.replace('{{max}}', String(range.max));
  }
}

export const TRUNCATION_SUFFIX = ' ...';

/**
 * Spec §9: keep the text up to the first whitespace at or after `index`, then ' ...'. Unchanged when the text
 * is no longer than `index`, when no whitespace follows `index`, or when only whitespace would be kept or cut.
 * A negative index counts as 0; a non-finite one leaves the text unchanged.
 * @example truncateText('Reise durch das Sonnensystem', 8) // 'Reise durch ...'
 */
export function truncateText(text: string, index: number): string {
  if (!Number.isFinite(index)) return text;
  const from = Math.max(0, Math.floor(index));
  if (text.length <= from) return text;
  const rest = text.slice(from);
  const offset = rest.search(/\s/);
  if (offset === -1) return text;
  const cut = from + offset;
  const kept = text.slice(0, cut).trimEnd();
  if (kept === '' || text.slice(cut).trim() === '') return text;
  return kept + TRUNCATION_SUFFIX;
}

export const ELAPSED_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
export type ElapsedUnit = (typeof ELAPSED_UNITS)[number];

/** How long ago something happened, in the largest whole unit ('vor 5 Min.' is `{unit: 'minutes', count: 5}`). */
export interface Elapsed {
  unit: ElapsedUnit;
  count: number;
}

/**
 * The time since `from` as the portal words it ('zuletzt gesehen vor 5 Min.'): seconds below a minute, minutes
 * below an hour, hours below a day, then days, always rounded down. A time in the future (clocks of server and
 * browser disagree a little) counts as 0 seconds; null for a missing or invalid time.
 */
export function elapsedSince(from: string | Date | null | undefined, now: number | Date): Elapsed | null {
  if (from === null || from === undefined) return null;
  const then = typeof from === 'string' ? Date.parse(from) : from.getTime();
  if (!Number.isFinite(then)) return null;
  const seconds = Math.max(0, Math.floor(((typeof now === 'number' ? now : now.getTime()) - then) / 1000));
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86_400) };
}
