/**
 * Text that people and headsets give the portal (names, titles, reported app names) and that the portal shows
 * inside its own sentences: when such text counts as written at all, and how it is kept from reordering what
 * surrounds it.
 */

/**
 * Characters that show nothing on their own: white space; controls (Cc); format characters (Cf: zero-width spaces
 * and joiners, soft hyphen, U+FEFF, word joiner and invisible operators, the bidi embeddings, overrides and
 * isolates, tag characters); combining marks (M), which only decorate a character before them; every other
 * default-ignorable code point (variation selectors, Hangul fillers such as U+3164, U+2065); lone surrogates; and
 * U+2800, the blank Braille pattern, which fonts draw empty and which is the usual way to fake an empty name.
 */
const INVISIBLE_CHARACTER =
  '\\p{White_Space}\\p{Cc}\\p{Cf}\\p{M}\\p{Default_Ignorable_Code_Point}\\p{Cs}\\u2800';
const VISIBLE_CHARACTER = new RegExp(`[^${INVISIBLE_CHARACTER}]`, 'u');

/**
 * The rule of every name and title that must not be blank (content title, playlist, group, headset and organisation
 * names, a person's first and last name): at least one character that shows. Portal forms and the server apply it
 * alike; a JSON Schema `pattern` cannot say it for every validator (Unicode property escapes), so the contract
 * describes it.
 * @example hasVisibleCharacter('Ä') // true
 * @example hasVisibleCharacter('\u200B\u200B') // false: zero-width spaces
 * @example hasVisibleCharacter('\u0301') // false: a combining mark alone
 */
export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE_CHARACTER.test(value);
}

/**
 * Right-to-left letters and digits (the blocks of Hebrew, Arabic, Syriac, Thaana, N'Ko and their kin, their
 * presentation forms, and the right-to-left ranges of the supplementary planes) and the bidi controls (marks,
 * embeddings, overrides, isolates). A text without any of them cannot reorder its neighbours, nor be reordered.
 */
const BIDI_SENSITIVE =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}\p{Bidi_Control}]/u;
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;

/** U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE: the plain-text form of HTML's `<bdi>`. */
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A text to be set into a sentence (a toast, a dialog title, an option of a select), isolated so that its own
 * direction, an override it contains (U+202E RIGHT-TO-LEFT OVERRIDE) or an embedding it leaves open ends at its
 * edge: '„{{name}}“ löschen?' keeps its quotes and words in place. Text without right-to-left characters or bidi
 * controls comes back unchanged, since isolating it would change nothing on screen (and searches, copies and tests
 * see it as it is). In markup, prefer `<bdi>`.
 * @example isolateBidi('Korallenriff') // 'Korallenriff'
 * @example isolateBidi('\u202EKorallenriff') // '\u2068\u202EKorallenriff\u2069'
 */
export function isolateBidi(text: string): string {
  return BIDI_SENSITIVE.test(text) ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;
}

/**
 * The text without bidi controls, for places that cannot isolate, such as the browser tab's title (the title bar of
 * the system draws it, and not every one ends an override at an isolate's end).
 * @example stripBidiControls('\u2068\u202EKorallenriff\u2069 – Portal') // 'Korallenriff – Portal'
 */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
