// Story helpers (not part of the package's API): what a token resolves to in the story's theme.
import { expect, waitFor } from 'storybook/test';

type StyleProperty =
  | 'color'
  | 'backgroundColor'
  | 'borderColor'
  | 'borderBottomColor'
  | 'borderLeftColor'
  | 'boxShadow'
  | 'outlineColor';

/** The computed value (e.g. `rgb(…)`) a token such as `vars.color.linkHover` has for `property` inside `scope`. */
export function resolveToken(scope: Element, property: StyleProperty, token: string): string {
  const probe = scope.ownerDocument.createElement('span');
  probe.style[property] = token;
  if (property.startsWith('border') && property !== 'borderColor') probe.style.borderStyle = 'solid';
  if (property === 'outlineColor') probe.style.outlineStyle = 'solid';
  scope.appendChild(probe);
  const value = getComputedStyle(probe)[property];
  probe.remove();
  return value;
}

/**
 * Waits until `element`'s computed `property` is what `token` resolves to (hover colours and shadows
 * fade in with a short transition).
 */
export async function expectToken(element: Element, property: StyleProperty, token: string) {
  const expected = resolveToken(element.parentElement ?? element, property, token);
  await waitFor(() => expect(getComputedStyle(element)[property]).toBe(expected));
}
