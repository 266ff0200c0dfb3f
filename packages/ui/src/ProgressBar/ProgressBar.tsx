import { useId } from 'react';
import * as styles from './ProgressBar.css';

export interface ProgressBarProps {
  /** What is progressing, e.g. 'vulkane_360.mp4 wird hochgeladen'; the bar's accessible name. */
  label: string;
  /**
   * Progress from 0 to `max`; leave undefined while the amount is unknown (indeterminate).
   * @example <ProgressBar label={file.name} value={loaded} max={total} valueText={`${percent} %`} />
   */
  value?: number;
  /** Default 100. */
  max?: number;
  /** Human-readable progress shown beside the label and read instead of the raw number, e.g. '45 %'. */
  valueText?: string;
  className?: string;
}

/** A labelled progress bar, determinate when `value` is given and indeterminate otherwise. */
export function ProgressBar({ label, value, max = 100, valueText, className }: ProgressBarProps) {
  const labelId = useId();
  const determinate = value !== undefined;
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      <div className={styles.header}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        {valueText ? (
          <span className={styles.valueText} aria-hidden="true">
            {valueText}
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? clamped : undefined}
        aria-valuetext={valueText}
        className={styles.track}
      >
        <div
          className={determinate ? styles.fill : `${styles.fill} ${styles.indeterminate}`}
          style={determinate ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
