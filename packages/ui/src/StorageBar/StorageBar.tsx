import { useId } from 'react';
import { visuallyHidden } from '../styles/utils.css';
import * as styles from './StorageBar.css';
import { storageRatio } from './storageRatio';

export interface StorageBarProps {
  /** Visible name of the bar, e.g. 'Speicher'. */
  label: string;
  /** Amount in use, in any unit (the same as `capacity`). */
  used: number;
  /** Total capacity in the same unit; 0 when unknown. */
  capacity: number;
  /**
   * The state in words, read by screen readers as the meter's value.
   * @example valueText={t('device.storage.value', { used: '12,4 GB', capacity: '64 GB' })}
   */
  valueText: string;
  /** Visible text for the used part, e.g. '12,4 GB belegt'. */
  usedText?: string;
  /** Visible text for the free part, e.g. '51,6 GB frei'. */
  freeText?: string;
  /** From this share (0..1) on the bar turns critical, e.g. a nearly full headset. Default 0.9. */
  criticalAt?: number;
  /**
   * Keeps the label for screen readers only and shows the value text in its place, for a table column whose
   * header already names it.
   * @example <StorageBar label={t('storage')} hideLabel valueText="12,40 GB von 64,00 GB" … />
   */
  hideLabel?: boolean;
}

/** How much of a device's storage is used and free, as a meter. */
export function StorageBar({
  label,
  used,
  capacity,
  valueText,
  usedText,
  freeText,
  criticalAt = 0.9,
  hideLabel = false,
}: StorageBarProps) {
  const labelId = useId();
  const ratio = storageRatio(used, capacity);
  const tone = capacity > 0 && ratio >= criticalAt ? 'critical' : 'normal';
  return (
    <div className={styles.root} data-tone={tone}>
      <div className={styles.header}>
        <span id={labelId} className={hideLabel ? visuallyHidden : styles.label}>
          {label}
        </span>
        <span className={styles.muted} aria-hidden="true">
          {valueText}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot be styled alike across browsers */}
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(capacity, 0)}
        aria-valuenow={Math.min(Math.max(used, 0), Math.max(capacity, 0))}
        aria-valuetext={valueText}
        className={styles.track}
      >
        <div className={styles.fill({ tone })} style={{ width: `${ratio * 100}%` }} />
      </div>
      {usedText || freeText ? (
        <div className={styles.legend}>
          <span>{usedText}</span>
          <span>{freeText}</span>
        </div>
      ) : null}
    </div>
  );
}
