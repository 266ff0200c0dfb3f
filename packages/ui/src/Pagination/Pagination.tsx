import type { ReactNode } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import { visuallyHidden } from '../styles/utils.css';
import * as styles from './Pagination.css';
import { pageItems } from './pageItems';

interface PaginationBase {
  /** The current page, 1-based. */
  page: number;
  /** Number of pages; the component renders nothing below 2. */
  pageCount: number;
  /** Accessible name of the navigation landmark, e.g. 'Seitennavigation'. */
  label: string;
  /** Text of the control to the previous page, e.g. 'Zurück'. */
  previousLabel: string;
  /** Text of the control to the next page, e.g. 'Weiter'. */
  nextLabel: string;
  /**
   * Accessible name of a page control; the number stays the visible text.
   * @example pageLabel={(page) => t('pagination.page', { page })} // 'Seite 3'
   */
  pageLabel: (page: number) => string;
  /** Pages shown on each side of the current one. Default 1. */
  siblings?: number;
}

interface PaginationWithButtons extends PaginationBase {
  /** Called with the 1-based page the user chose (pages are buttons). */
  onPageChange: (page: number) => void;
  getPageHref?: undefined;
}

interface PaginationWithLinks extends PaginationBase {
  /**
   * Makes every page a link (rendered with the LinkProvider's component), for pages kept in the URL.
   * On the first/last page the previous/next link is left out.
   * @example getPageHref={(page) => `?${new URLSearchParams({ ...params, page: String(page) })}`}
   */
  getPageHref: (page: number) => string;
  onPageChange?: undefined;
}

export type PaginationProps = PaginationWithButtons | PaginationWithLinks;

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'm10 3-5 5 5 5' : 'm6 3 5 5-5 5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * Page controls for a long list: first, last and the pages around the current one, with
 * previous/next. Buttons with `onPageChange`, or links with `getPageHref`.
 */
export function Pagination(props: PaginationProps) {
  const { page, pageCount, label, previousLabel, nextLabel, pageLabel, siblings = 1 } = props;
  const Link = useLinkComponent();
  if (pageCount < 2) return null;
  const current = Math.min(Math.max(1, page), pageCount);

  const control = (
    target: number,
    content: ReactNode,
    options: { current?: boolean; disabled?: boolean } = {},
  ) => {
    const className = styles.button({ current: options.current ?? false });
    if (props.getPageHref) {
      if (options.disabled) return null;
      return (
        <Link
          href={props.getPageHref(target)}
          className={className}
          aria-current={options.current ? 'page' : undefined}
        >
          {content}
        </Link>
      );
    }
    const { onPageChange } = props;
    return (
      <button
        type="button"
        className={className}
        disabled={options.disabled}
        aria-current={options.current ? 'page' : undefined}
        onClick={() => {
          if (!options.current) onPageChange(target);
        }}
      >
        {content}
      </button>
    );
  };

  return (
    <nav aria-label={label}>
      <ul className={styles.list}>
        <li>
          {control(
            current - 1,
            <>
              <Chevron direction="left" />
              {previousLabel}
            </>,
            { disabled: current <= 1 },
          )}
        </li>
        {pageItems(current, pageCount, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {control(
                item,
                <>
                  <span className={visuallyHidden}>{pageLabel(item)}</span>
                  <span aria-hidden="true">{item}</span>
                </>,
                { current: item === current },
              )}
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          {control(
            current + 1,
            <>
              {nextLabel}
              <Chevron direction="right" />
            </>,
            { disabled: current >= pageCount },
          )}
        </li>
      </ul>
    </nav>
  );
}
