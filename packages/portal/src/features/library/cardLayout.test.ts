import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_ROW } from './cardLayout.ts';

describe('the Mediathek’s first row', () => {
  it('is as many previews as the inline script of index.html preloads', () => {
    const script = readFileSync(new URL('../../lib/prefetchScript.js', import.meta.url), 'utf8');
    const preloaded = script.match(/const FIRST_ROW = (\d+);/)?.[1];
    expect(Number(preloaded)).toBe(FIRST_ROW);
  });
});
