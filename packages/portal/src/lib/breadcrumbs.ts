/** Keys (namespace common) and targets of one breadcrumb trail; the last item is the current page. */
export type BreadcrumbTrail = readonly {
  label: 'breadcrumb.dashboard' | 'breadcrumb.configurations' | 'breadcrumb.devices';
  href?: string;
}[];

/** Spec §2 breadcrumb texts: 'Dashboard', 'Dashboard / Konfigurationen', 'Dashboard / Geräte'. */
export const trails = {
  dashboard: [{ label: 'breadcrumb.dashboard' }],
  configurations: [
    { label: 'breadcrumb.dashboard', href: '/dashboard' },
    { label: 'breadcrumb.configurations' },
  ],
  devices: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.devices' }],
} as const satisfies Record<string, BreadcrumbTrail>;

/** Between the items of a trail, as spec §2 writes them. */
export const BREADCRUMB_SEPARATOR = ' / ';

/** A trail as one text, e.g. 'Dashboard / Geräte' (spec §2), from the translated labels. */
export function breadcrumbText(
  trail: BreadcrumbTrail,
  translate: (key: BreadcrumbTrail[number]['label']) => string,
) {
  return trail.map((item) => translate(item.label)).join(BREADCRUMB_SEPARATOR);
}
