import { describe, expect, it } from 'vitest';
import { articleFor } from './articleSource.ts';

const SOURCE = [
  'Für alle.',
  '::: administratoren',
  'Nur Administratoren.',
  ':::',
  '::: mitglieder kmz',
  'Mitglieder und KMZ.',
  ':::',
  'Wieder für alle.',
].join('\n');

describe('articleFor', () => {
  it('keeps what all read and the blocks written for the audience', () => {
    expect(articleFor(SOURCE, 'administratoren')).toBe('Für alle.\nNur Administratoren.\nWieder für alle.');
    expect(articleFor(SOURCE, 'mitglieder')).toBe('Für alle.\nMitglieder und KMZ.\nWieder für alle.');
    expect(articleFor(SOURCE, 'kmz')).toBe('Für alle.\nMitglieder und KMZ.\nWieder für alle.');
  });

  it('refuses blocks that are not closed, nested or for nobody', () => {
    expect(() => articleFor('::: administratoren\nText', 'mitglieder')).toThrow(/not closed/);
    expect(() => articleFor('::: administratoren\n::: kmz\n:::\n:::', 'mitglieder')).toThrow(
      /inside a block/,
    );
    expect(() => articleFor('::: lehrkraefte\nText\n:::', 'mitglieder')).toThrow(
      /'lehrkraefte' is no audience/,
    );
    expect(() => articleFor('Text\n:::', 'mitglieder')).toThrow(/closes no block/);
  });
});
