import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  EMAIL_PATTERN_SOURCE,
  EMAIL_PATTERN_STRICT_TLD_SOURCE,
  FILE_NAME_PATTERN_SOURCE,
  isResourceUrl,
  isValidEmail,
  isValidFileName,
  isValidPackageName,
  isValidPassword,
  PACKAGE_NAME_MAX_LENGTH,
  PACKAGE_NAME_PATTERN_SOURCE,
  PASSWORD_PATTERN_SOURCE,
  passwordRuleViolations,
  RESOURCE_URL_PATTERN_SOURCE,
} from './validation.ts';

describe('isValidEmail', () => {
  it.each([
    'lehrer@schule.example',
    'a.b_c%d+e-f@mail.example.de',
    'UPPER@Case.DE',
    '123@456.de',
    'x@sub-domain.nrw.schule',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@schule.de',
    'lehrer@',
    'lehrer@schule',
    'lehrer@schule.d',
    'lehrer@schule.d3',
    'lehrer@.de',
    'lehrer@schule..de',
    'leh rer@schule.de',
    'lehrer@@schule.de',
    'lehrer!@schule.de',
    'lehrä@schule.de',
    ' lehrer@schule.de',
    'lehrer@schule.de ',
    // What a mail system refuses (issue 20): hyphens at a label's ends, dots at the local part's ends or doubled.
    'a@-b.example',
    'a@b-.example',
    'a@schule.-b.example',
    '.a@schule.example',
    'a.@schule.example',
    'a..b@schule.example',
    'a@schule.de.',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('holds local part, domain labels and the whole address to what mail and DNS accept', () => {
    const local = (n: number) => 'l'.repeat(n);
    const label = (n: number) => 'd'.repeat(n);
    expect(isValidEmail(`${local(64)}@schule.example`)).toBe(true);
    expect(isValidEmail(`${local(65)}@schule.example`)).toBe(false);
    expect(isValidEmail(`a@${label(63)}.example`)).toBe(true);
    expect(isValidEmail(`a@${label(64)}.example`)).toBe(false);
    expect(isValidEmail(`a@b.${'x'.repeat(63)}`)).toBe(true);
    expect(isValidEmail(`a@b.${'x'.repeat(64)}`)).toBe(false);
    const longest = `${local(64)}@${label(63)}.${label(63)}.${label(53)}.example`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isValidEmail(longest)).toBe(true);
    expect(isValidEmail(`${local(64)}@${label(63)}.${label(63)}.${label(54)}.example`)).toBe(false);
    expect(isValidEmail(`${local(64)}@d${'.d'.repeat(90)}.example`)).toBe(true);
  });

  it('limits the top-level part to 24 letters only with the strict pattern', () => {
    const long = `a@b.${'x'.repeat(25)}`;
    const max = `a@b.${'x'.repeat(24)}`;
    expect(isValidEmail(long)).toBe(true);
    expect(isValidEmail(long, { strictTld: true })).toBe(false);
    expect(isValidEmail(max, { strictTld: true })).toBe(true);
    expect(isValidEmail('a@b.de', { strictTld: true })).toBe(true);
  });

  it('exports sources that rebuild the same patterns', () => {
    expect(new RegExp(EMAIL_PATTERN_SOURCE).source).toBe(EMAIL_PATTERN.source);
    for (const source of [
      EMAIL_PATTERN_SOURCE,
      EMAIL_PATTERN_STRICT_TLD_SOURCE,
      PASSWORD_PATTERN_SOURCE,
      FILE_NAME_PATTERN_SOURCE,
      PACKAGE_NAME_PATTERN_SOURCE,
    ]) {
      expect(source.startsWith('^')).toBe(true);
      expect(source.endsWith('$')).toBe(true);
    }
  });
});

describe('passwords', () => {
  it.each(['portal2026', 'abcdefg1', '1234567a', 'Pässwört9', 'with space 1'])('accepts %j', (pw) => {
    expect(isValidPassword(pw)).toBe(true);
    expect(passwordRuleViolations(pw)).toEqual([]);
  });

  it.each([
    ['', ['minLength', 'digit', 'letter']],
    ['abc1', ['minLength']],
    ['abcdefgh', ['digit']],
    ['12345678', ['letter']],
    ['äöüäöü12', ['letter']],
    ['!!!!!!!!', ['digit', 'letter']],
  ])('refuses %j because of %j', (pw, broken) => {
    expect(isValidPassword(pw)).toBe(false);
    expect(passwordRuleViolations(pw)).toEqual(broken);
  });

  it('counts a newline as a character like any other', () => {
    expect(isValidPassword('abc\n1234')).toBe(true);
  });
});

describe('isValidFileName', () => {
  it.each(['video.mp4', 'My_App-1.0.apk', 'README', '.hidden', 'a..b'])('accepts %s', (name) => {
    expect(isValidFileName(name)).toBe(true);
  });

  it.each(['', '.', '..', 'mein video.mp4', 'ordner/datei.mp4', 'ä.mp4', 'a\\b', 'file\n.mp4'])(
    'refuses %j',
    (name) => {
      expect(isValidFileName(name)).toBe(false);
    },
  );
});

describe('isResourceUrl (profile image, terms document)', () => {
  it.each([
    'https://bilder.example/lea.png',
    'http://localhost:8080/favicon.svg',
    '/media/files/ab12.png',
    '/favicon.svg',
    '/media/nutzungsbedingungen%20v2.pdf',
    'https://bilder.example/lea.png?groesse=2&stil=(rund);x=1#oben',
  ])('accepts %s', (value) => {
    expect(isResourceUrl(value)).toBe(true);
  });

  it.each([
    'kein-bild',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//fremd.example/bild.png',
    'https://',
    'ftp://bilder.example/lea.png',
    `https://bilder.example/${'x'.repeat(2048)}`,
    '/media/nutzungsbedingungen v2.pdf',
    '/3i0">7-l:$',
    'https://bilder.example/schüler.png',
    'https://bilder.example/a|b',
    '/media/%zz.pdf',
  ])('refuses %s', (value) => {
    expect(isResourceUrl(value)).toBe(false);
  });

  it('has a pattern that JSON Schema validators read the same way', () => {
    const pattern = new RegExp(RESOURCE_URL_PATTERN_SOURCE);
    expect(pattern.test('/media/x.png')).toBe(true);
    expect(pattern.test('//fremd.example/x.png')).toBe(false);
  });
});

describe('isValidPackageName (content items and CMD.START.APP)', () => {
  it.each([
    'de.example.vrlab',
    'com.Example_1.vr_lab2',
    'a.b',
    `de.${'a'.repeat(PACKAGE_NAME_MAX_LENGTH - 3)}`,
  ])('accepts %s', (name) => {
    expect(isValidPackageName(name)).toBe(true);
  });

  it.each([
    '',
    'vrlab',
    'com.x; reboot',
    '$(reboot)',
    '-n com.evil/.Main --es url javascript:alert(1)',
    'com.evil/.Main',
    'de..example',
    '.de.example',
    'de.example.',
    '1de.example',
    'de.1example',
    'de.ex-ample',
    'dé.example',
    ' de.example',
    'de.example\n',
    `de.${'a'.repeat(PACKAGE_NAME_MAX_LENGTH - 2)}`,
  ])('refuses %j', (name) => {
    expect(isValidPackageName(name)).toBe(false);
  });
});
