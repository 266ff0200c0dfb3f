import { useLinkComponent } from '../LinkProvider/LinkProvider';
import * as styles from './Breadcrumb.css';

export interface BreadcrumbItem {
  /** Visible text of the entry, e.g. 'Geräte'. */
  label: string;
  /** Omit for entries that are not pages of their own. */
  href?: string;
}

export interface BreadcrumbProps {
  /** Accessible name of the navigation landmark (e.g. 'Brotkrümelnavigation'). */
  label: string;
  /**
   * From the root to the current page; the last item is marked aria-current="page".
   * @example [{ label: 'Dashboard', href: '/dashboard' }, { label: 'Geräte' }]
   */
  items: BreadcrumbItem[];
  /**
   * Text between two entries instead of the chevron, e.g. '/' for 'Dashboard / Geräte'. Hidden from
   * screen readers like the chevron: the list already tells them the order.
   */
  separator?: string;
}

/** Where the current page sits in the portal. */
export function Breadcrumb({ label, items, separator }: BreadcrumbProps) {
  const Link = useLinkComponent();
  return (
    <nav aria-label={label}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the trail is rebuilt per page, never reordered
            <li key={`${index}-${item.label}`} className={styles.item}>
              {index > 0 && separator !== undefined ? (
                <span className={styles.textSeparator} aria-hidden="true">
                  {separator}
                </span>
              ) : index > 0 ? (
                <svg className={styles.separator} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path
                    d="m6 3 5 5-5 5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              ) : null}
              {item.href ? (
                <Link
                  href={item.href}
                  className={isCurrent ? styles.current : styles.link}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              ) : (
                <span
                  className={isCurrent ? styles.current : undefined}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
