/** Keys (namespace common) and targets of one breadcrumb trail; the last item is the current page. */
export type BreadcrumbTrail = readonly {
  label:
    | 'breadcrumb.dashboard'
    | 'breadcrumb.configurations'
    | 'breadcrumb.devices'
    | 'breadcrumb.playback'
    | 'breadcrumb.groups'
    | 'breadcrumb.lessonPlans'
    | 'breadcrumb.protocol'
    | 'breadcrumb.classroom';
  href?: string;
}[];

/**
 * Spec §2 breadcrumb texts: 'Dashboard', 'Dashboard / Konfigurationen', 'Dashboard / Geräte'. Ours, in the same
 * pattern, for pages the spec names no trail for: 'Dashboard / Wiedergabe' (playback on a class set) and 'Dashboard /
 * Gruppierungen' (the /groups pages), 'Dashboard / Protokoll', 'Dashboard / Unterrichtsabläufe', 'Dashboard /
 * Klassenansicht'.
 */
export const trails = {
  dashboard: [{ label: 'breadcrumb.dashboard' }],
  configurations: [
    { label: 'breadcrumb.dashboard', href: '/dashboard' },
    { label: 'breadcrumb.configurations' },
  ],
  devices: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.devices' }],
  playback: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.playback' }],
  groups: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.groups' }],
  protocol: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.protocol' }],
  lessonPlans: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.lessonPlans' }],
  classroom: [{ label: 'breadcrumb.dashboard', href: '/dashboard' }, { label: 'breadcrumb.classroom' }],
} as const satisfies Record<string, BreadcrumbTrail>;

/**
 * A trail as the eye reads it, e.g. 'Dashboard / Geräte' (spec §2): the translated labels and the translated
 * separator that the shell passes to @portal/ui's Breadcrumb (which sets it apart by a gap, written here as spaces).
 */
export function breadcrumbText(
  trail: BreadcrumbTrail,
  translate: (key: BreadcrumbTrail[number]['label'] | 'breadcrumb.separator') => string,
) {
  return trail.map((item) => translate(item.label)).join(` ${translate('breadcrumb.separator')} `);
}
