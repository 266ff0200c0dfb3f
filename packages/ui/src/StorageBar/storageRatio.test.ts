import { describe, expect, it } from 'vitest';
import { storageRatio } from './storageRatio';

describe('storageRatio', () => {
  it('gives the used share of the capacity', () => {
    expect(storageRatio(16, 64)).toBe(0.25);
    expect(storageRatio(0, 64)).toBe(0);
    expect(storageRatio(64, 64)).toBe(1);
  });

  it('clamps overfull and negative values', () => {
    expect(storageRatio(80, 64)).toBe(1);
    expect(storageRatio(-5, 64)).toBe(0);
  });

  it('is 0 for an unknown capacity', () => {
    expect(storageRatio(10, 0)).toBe(0);
    expect(storageRatio(Number.NaN, 64)).toBe(0);
  });
});
