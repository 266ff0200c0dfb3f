import type { UIMatch } from 'react-router';

/** Keys (namespace common) and targets of one breadcrumb trail; the last item is the current page. */
export type BreadcrumbTrail = readonly {
  label: 'breadcrumb.dashboard' | 'breadcrumb.configurations' | 'breadcrumb.devices';
  href?: string;
}[];

export interface RouteHandle {
  breadcrumb?: BreadcrumbTrail;
}

/** Spec §2 breadcrumb texts: 'Dashboard', 'Dashboard / Konfigurationen', 'Dashboard / Geräte'. */
export const trails = {
  dashboard: [{ label: 'breadcrumb.dashboard' }],
  configurations: [
    { label: 'breadcrumb.dashboard', href: '/dashboard' },
    { label: 'breadcrumb.configurations' },
  ],
  devices: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.devices' }],
} as const satisfies Record<string, BreadcrumbTrail>;

/** The deepest route that names a trail wins. */
export function breadcrumbFor(matches: readonly UIMatch[]): BreadcrumbTrail | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.breadcrumb) return handle.breadcrumb;
  }
  return undefined;
}
