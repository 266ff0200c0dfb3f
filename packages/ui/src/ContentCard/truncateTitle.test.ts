import { describe, expect, it } from 'vitest';
import { truncateTitle } from './truncateTitle';

describe('truncateTitle', () => {
  it('keeps titles that fit', () => {
    expect(truncateTitle('Vulkane der Erde', 16)).toBe('Vulkane der Erde');
    expect(truncateTitle('Vulkane', 100)).toBe('Vulkane');
  });

  it('cuts at a word boundary and adds an ellipsis, within the limit', () => {
    const result = truncateTitle('Die Reise durch den menschlichen Körper', 24);
    expect(result).toBe('Die Reise durch den…');
    expect(Array.from(result).length).toBeLessThanOrEqual(24);
  });

  it('cuts a single long word mid-word', () => {
    expect(truncateTitle('Donaudampfschifffahrtsgesellschaft', 10)).toBe('Donaudamp…');
  });

  it('never splits an emoji', () => {
    expect(truncateTitle('🌋🌋🌋🌋🌋', 3)).toBe('🌋🌋…');
  });

  it('leaves the title alone for a non-positive limit', () => {
    expect(truncateTitle('Vulkane', 0)).toBe('Vulkane');
  });
});
