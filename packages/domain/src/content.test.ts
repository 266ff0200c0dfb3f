import { describe, expect, it } from 'vitest';
import {
  CONTENT_ORDERINGS,
  CONTENT_TYPES,
  contentFormatDegrees,
  contentOrderingFor,
  isContentType,
} from './content.ts';

describe('content types', () => {
  it('are app, video and webApp', () => {
    expect(CONTENT_TYPES).toEqual(['app', 'video', 'webApp']);
  });

  it('recognises only those values', () => {
    expect(isContentType('webApp')).toBe(true);
    expect(isContentType('webapp')).toBe(false);
    expect(isContentType(null)).toBe(false);
  });
});

describe('contentFormatDegrees', () => {
  it.each(['180', '3D180_LR', '3D180_TB'])('treats %s as 180°', (format) => {
    expect(contentFormatDegrees(format)).toBe(180);
  });

  it.each(['360', '3D360_TB', '', '3d180_lr', ' 180', null, undefined])('treats %j as 360°', (format) => {
    expect(contentFormatDegrees(format)).toBe(360);
  });
});

describe('contentOrderingFor', () => {
  const school = { id: 2, organisationType: 2, msbSchoolNumber: '123456', memberships: [] };
  const kmz = { id: 1, organisationType: 4, msbSchoolNumber: null, memberships: [] };

  it('orders by title for MSB users', () => {
    expect(contentOrderingFor({ email: 'a@b.de', organisations: [school] })).toBe('title');
    expect(contentOrderingFor({ email: 'a@b.de', isSocialUser: true, organisations: [] })).toBe('title');
  });

  it('orders newest first for everybody else, including visitors', () => {
    expect(contentOrderingFor({ email: 'a@b.de', organisations: [kmz] })).toBe('-created_at');
    expect(contentOrderingFor(null)).toBe('-created_at');
  });

  it('only returns orderings the list accepts', () => {
    expect(CONTENT_ORDERINGS).toContain(contentOrderingFor(null));
    expect(CONTENT_ORDERINGS).toContain('title');
  });
});

describe('CONTENT_FORMATS', () => {
  it('names the formats of spec §3 and their degrees', async () => {
    const { CONTENT_FORMATS, contentFormatDegrees, isContentFormat } = await import('./content.ts');
    expect(CONTENT_FORMATS.map((format) => contentFormatDegrees(format))).toEqual([180, 180, 180, 360]);
    expect(isContentFormat('3D180_TB')).toBe(true);
    expect(isContentFormat('720')).toBe(false);
  });
});
