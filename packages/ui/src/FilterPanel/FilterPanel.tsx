import { type ReactNode, useId, useState } from 'react';
import { Button } from '../Button/Button';
import * as styles from './FilterPanel.css';

export interface FilterPanelProps {
  /** Name of the section, and the toggle's text on narrow screens, e.g. 'Filter'. */
  label: string;
  /**
   * How many filters are set. A closed panel still says the list is narrowed: the toggle reads 'Filter (2)'.
   * @example <FilterPanel label={t('filters.label')} activeCount={activeFilters.length}>…</FilterPanel>
   */
  activeCount?: number;
  /** Open at first below a desktop's width. Default false: the list comes first, the filters one tap away. */
  defaultOpen?: boolean;
  /** The filters (selects, switches), laid out as on a wide screen; they wrap where the width runs short. */
  children: ReactNode;
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <path d="m2 5 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A list's filters as one labelled section. From a desktop's width they always show; on phones and tablets they fold
 * behind one 'Filter' button (aria-expanded), so six or seven selects in several rows do not push the list out of
 * sight, nor push it down when they arrive after the list. The fold is CSS only: the
 * first paint already has the final layout, and nothing shifts when the page's script runs.
 */
export function FilterPanel({ label, activeCount = 0, defaultOpen = false, children }: FilterPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  return (
    <section aria-label={label}>
      <Button
        type="button"
        variant="secondary"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={contentId}
        icon={<Chevron />}
        onClick={() => setOpen((was) => !was)}
      >
        {label}
        {activeCount > 0 && <span className={styles.count}> ({activeCount})</span>}
      </Button>
      <div id={contentId} className={styles.content} data-open={open}>
        {children}
      </div>
    </section>
  );
}
