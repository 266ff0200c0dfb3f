import * as styles from './Pagination.css';
import { pageItems } from './pageItems';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  /** Number of pages; the component renders nothing below 2. */
  pageCount: number;
  /** Called with the 1-based page the user chose. */
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark, e.g. 'Seitennavigation'. */
  label: string;
  /** Text of the button to the previous page, e.g. 'Zurück'. */
  previousLabel: string;
  /** Text of the button to the next page, e.g. 'Weiter'. */
  nextLabel: string;
  /**
   * Accessible name of a page button.
   * @example pageLabel={(page) => t('pagination.page', { page })} // 'Seite 3'
   */
  pageLabel: (page: number) => string;
  /** Pages shown on each side of the current one. Default 1. */
  siblings?: number;
}

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

/** Page buttons for a long list: first, last and the pages around the current one, with previous/next. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label,
  previousLabel,
  nextLabel,
  pageLabel,
  siblings = 1,
}: PaginationProps) {
  if (pageCount < 2) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  return (
    <nav aria-label={label}>
      <ul className={styles.list}>
        <li>
          <button
            type="button"
            className={styles.button()}
            disabled={current <= 1}
            onClick={() => onPageChange(current - 1)}
          >
            <Chevron direction="left" />
            {previousLabel}
          </button>
        </li>
        {pageItems(current, pageCount, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={styles.button({ current: item === current })}
                aria-current={item === current ? 'page' : undefined}
                aria-label={pageLabel(item)}
                onClick={() => {
                  if (item !== current) onPageChange(item);
                }}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.button()}
            disabled={current >= pageCount}
            onClick={() => onPageChange(current + 1)}
          >
            {nextLabel}
            <Chevron direction="right" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
