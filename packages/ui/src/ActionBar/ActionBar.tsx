import type { ReactNode } from 'react';
import * as styles from './ActionBar.css';

export interface ActionBarProps {
  /** Names the group for screen readers, e.g. 'Speichern oder abbrechen'. */
  label: string;
  /** The form's buttons, the main action first. */
  children: ReactNode;
}

/**
 * The buttons of a long form, kept in reach: it sticks to the bottom of the window while the form scrolls by and
 * rests at the form's end.
 * @example <ActionBar label={t('form.actions')}><Button type="submit">{t('form.save')}</Button></ActionBar>
 */
export function ActionBar({ label, children }: ActionBarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> would bring the browser's border and a legend; the group only names the buttons
    <div role="group" aria-label={label} className={styles.root}>
      {children}
    </div>
  );
}
ActionBar.displayName = 'ActionBar';
