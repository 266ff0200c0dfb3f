import { visuallyHidden } from '../styles/utils.css';
import * as styles from './Spinner.css';
import { SpinnerIcon } from './SpinnerIcon';

export type SpinnerProps = styles.RootVariants & {
  /** What is loading, read by screen readers (e.g. 'Inhalte werden geladen'). */
  label: string;
};

/** A loading indicator announced politely as a status. */
export function Spinner({ label, size }: SpinnerProps) {
  return (
    <span role="status" className={styles.root({ size })}>
      <SpinnerIcon />
      <span className={visuallyHidden}>{label}</span>
    </span>
  );
}
