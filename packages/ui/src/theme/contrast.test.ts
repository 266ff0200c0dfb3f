import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { type ColorTokens, darkTokens, lightTokens } from './tokens';

type Role = keyof ColorTokens;

/** Every foreground/background pair the components render, with the WCAG 2.2 AA minimum. */
const pairs: [foreground: Role, background: Role, minimum: number][] = [
  ...(['text', 'textMuted', 'link', 'linkHover', 'critical', 'positive', 'warning', 'info'] as const).flatMap(
    (fg) => (['background', 'surface'] as const).map((bg): [Role, Role, number] => [fg, bg, 4.5]),
  ),
  ['text', 'surfaceRaised', 4.5],
  ['text', 'ghostBackgroundHover', 4.5],
  ['text', 'inputBackground', 4.5],
  ['textMuted', 'inputBackground', 4.5],
  ['critical', 'inputBackground', 4.5],
  ['ctaText', 'ctaBackground', 4.5],
  ['ctaText', 'ctaBackgroundHover', 4.5],
  ['secondaryText', 'secondaryBackground', 4.5],
  ['secondaryText', 'secondaryBackgroundHover', 4.5],
  ['dangerText', 'dangerBackground', 4.5],
  ['dangerText', 'dangerBackgroundHover', 4.5],
  ['navbarText', 'navbarBackground', 4.5],
  ['navActive', 'navbarBackground', 4.5],
  ['skipLinkText', 'skipLinkBackground', 4.5],
  ['controlCheckedText', 'controlChecked', 3],
  ['controlChecked', 'surface', 3],
  ['controlChecked', 'background', 3],
  ['borderStrong', 'background', 3],
  ['borderStrong', 'surface', 3],
  ['borderStrong', 'inputBackground', 3],
  ['focusRing', 'background', 3],
  ['focusRing', 'surface', 3],
  ['navbarFocusRing', 'navbarBackground', 3],
  // StatusDot shapes in a selected DataTable row (surfaceRaised); graphics need 3:1.
  ['positive', 'surfaceRaised', 3],
  ['info', 'surfaceRaised', 3],
  ['textMuted', 'surfaceRaised', 3],
  // StorageBar: a nearly full bar against its track.
  ['critical', 'surfaceRaised', 3],
  // Menu: highlighted and destructive items; Alert and FileDropzone text on their surfaces.
  ['critical', 'surfaceRaised', 4.5],
  ['textMuted', 'surfaceRaised', 4.5],
  ['link', 'surfaceRaised', 4.5],
  ['tooltipText', 'tooltipBackground', 4.5],
  // Switch: the thumb against its track, the unchecked thumb and border against the input background.
  ['borderStrong', 'surfaceRaised', 3],
  // ProgressBar: the filled part against its track and the input background.
  ['controlChecked', 'surfaceRaised', 3],
  ['controlChecked', 'inputBackground', 3],
  // ProgressBar tones: a failed ('critical') or finished ('positive') fill against the same backgrounds
  // (critical and positive on the track, surfaceRaised, are listed above for StorageBar and StatusDot).
  ['critical', 'inputBackground', 3],
  ['positive', 'inputBackground', 3],
  ['focusRing', 'surfaceRaised', 3],
];

describe.each([
  ['dark', darkTokens.color],
  ['light', lightTokens.color],
])('%s theme contrast', (_name, colors) => {
  it.each(pairs)('%s on %s reaches %d:1', (foreground, background, minimum) => {
    expect(contrastRatio(colors[foreground], colors[background])).toBeGreaterThanOrEqual(minimum);
  });
});

describe('contrastRatio', () => {
  it('gives 21:1 for black on white and 1:1 for equal colours', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#F07D00', '#F07D00')).toBe(1);
  });
});
