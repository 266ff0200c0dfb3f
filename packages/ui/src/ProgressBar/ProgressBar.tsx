import { useId } from 'react';
import * as styles from './ProgressBar.css';

/** The fill's colour: the task runs ('neutral'), failed ('critical') or succeeded ('positive'). */
export type ProgressBarTone = 'neutral' | 'critical' | 'positive';

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
  /**
   * The fill's colour. 'neutral' (default) while the task runs; 'critical' when it failed (a failed upload),
   * 'positive' when it succeeded. Colour alone is not enough: say it in `label` or `valueText` too.
   * @example <ProgressBar label={file.name} value={loaded} max={total} tone="critical" valueText="Upload fehlgeschlagen" />
   */
  tone?: ProgressBarTone;
  className?: string;
}

/** A labelled progress bar, determinate when `value` is given and indeterminate otherwise. */
export function ProgressBar({
  label,
  value,
  max = 100,
  valueText,
  tone = 'neutral',
  className,
}: ProgressBarProps) {
  const labelId = useId();
  const determinate = value !== undefined;
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')} data-tone={tone}>
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
          className={[styles.fill, styles.tone[tone], determinate ? null : styles.indeterminate]
            .filter(Boolean)
            .join(' ')}
          style={determinate ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
