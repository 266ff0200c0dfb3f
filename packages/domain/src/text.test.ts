import { describe, expect, it } from 'vitest';
import { hasVisibleCharacter, isolateBidi, stripBidiControls } from './text.ts';

describe('hasVisibleCharacter', () => {
  it.each([
    ['empty', ''],
    ['spaces, tab and line break', ' \t\n '],
    ['no-break spaces', '\u00A0\u202F'],
    ['ideographic space', '\u3000'],
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['zero-width joiner and non-joiner', '\u200C\u200D'],
    ['left-to-right and right-to-left marks', '\u200E\u200F'],
    ['word joiner and invisible operators', '\u2060\u2061\u2062\u2063\u2064'],
    ['byte order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
    ['bidi embeddings and overrides', '\u202A\u202B\u202C\u202D\u202E'],
    ['bidi isolates', '\u2066\u2067\u2068\u2069'],
    ['a combining mark alone', '\u0301'],
    ['combining marks alone', '\u0308\u20DD'],
    ['variation selector', '\uFE0F'],
    ['Hangul filler', '\u3164'],
    ['blank Braille pattern', '\u2800'],
    ['tag characters', '\u{E0041}\u{E007F}'],
    ['control characters', '\u0007\u007F\u0085'],
    ['a lone surrogate', '\uD800'],
    ['all of them mixed', ' \u200B\u202E\u0301\u00A0\uFEFF '],
  ])('%s: invisible', (_, value) => {
    expect(hasVisibleCharacter(value)).toBe(false);
  });

  it.each([
    ['an umlaut', 'Ä'],
    ['an umlaut written with a combining mark', 'A\u0308'],
    ['a digit', '7'],
    ['punctuation', '–'],
    ['an emoji', '😀'],
    ['an emoji with skin tone', '👍🏽'],
    ['CJK', '漢字'],
    ['Hebrew', 'שלום'],
    ['Arabic', 'مرحبا'],
    ['a name between invisible characters', '\u200B\u202EKorallenriff\u202C\u200B'],
    ['a name between spaces', '  Sirius  '],
  ])('%s: visible', (_, value) => {
    expect(hasVisibleCharacter(value)).toBe(true);
  });
});

describe('isolateBidi', () => {
  it.each(['Korallenriff', 'VR-Brille 21', 'Kopie von „Mond“ (2)', 'Ä😀漢字', ''])(
    'leaves %j as it is: nothing in it can reorder its neighbours',
    (text) => {
      expect(isolateBidi(text)).toBe(text);
    },
  );

  it.each([
    ['an override', '\u202EKorallenriff'],
    ['an embedding left open', 'Mond\u202B'],
    ['a right-to-left mark', 'Mond\u200F'],
    ['an isolate left open', '\u2067Mond'],
    ['Hebrew', 'שלום 3'],
    ['Arabic', 'مرحبا'],
    ['Arabic-Indic digits', '\u0661\u0662'],
  ])('isolates a text with %s', (_, text) => {
    expect(isolateBidi(text)).toBe(`\u2068${text}\u2069`);
  });
});

describe('stripBidiControls', () => {
  it('removes marks, embeddings, overrides and isolates, and keeps everything else', () => {
    expect(stripBidiControls('\u2068\u202EKoral\u200Flen\u061Criff\u202C\u2069 – Portal')).toBe(
      'Korallenriff – Portal',
    );
    expect(stripBidiControls('שלום\u200B – Portal')).toBe('שלום\u200B – Portal');
  });
});
