import type { UIMatch } from 'react-router';
import type { BreadcrumbTrail } from '../../lib/breadcrumbs.ts';

export interface RouteHandle {
  breadcrumb?: BreadcrumbTrail;
}

/** The deepest route that names a trail wins. */
export function breadcrumbFor(matches: readonly UIMatch[]): BreadcrumbTrail | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.breadcrumb) return handle.breadcrumb;
  }
  return undefined;
}
