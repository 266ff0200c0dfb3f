import type { UIMatch } from 'react-router';
import type { BreadcrumbTrail } from '../../lib/breadcrumbs.ts';

export interface RouteHandle {
  breadcrumb?: BreadcrumbTrail;
  /** The page's name (namespace common) for a placeholder page: its h1 and the tab's title. */
  /** The meta description key of a public placeholder page (e.g. the legal pages). */
  description?: 'meta.legal';
  title?: `pages.${'dashboard' | 'configurations' | 'configuration' | 'impressum' | 'privacy' | 'terms' | 'products' | 'about' | 'contact'}`;
}

/** The deepest route that names a trail wins. */
export function breadcrumbFor(matches: readonly UIMatch[]): BreadcrumbTrail | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.breadcrumb) return handle.breadcrumb;
  }
  return undefined;
}
