import { visuallyHidden } from '../styles/utils.css';
import * as styles from './StatusDot.css';

export const deviceStatuses = ['online', 'offline', 'syncing', 'error'] as const;
export type DeviceStatus = (typeof deviceStatuses)[number];

export interface StatusDotProps {
  /** Which state the dot shows; each has its own colour and shape. */
  status: DeviceStatus;
  /**
   * The state in words; always read by screen readers, so colour is never the only signal.
   * @example <StatusDot status="online" label={t('device.status.online')} />
   */
  label: string;
  /** Hides the label visually (for dense tables with a column header that names the state). */
  hideLabel?: boolean;
}

/** The connection state of a device: online, offline, syncing or error. */
export function StatusDot({ status, label, hideLabel = false }: StatusDotProps) {
  return (
    <span className={styles.root} data-status={status}>
      <span className={styles.dot({ status })} aria-hidden="true" />
      <span className={hideLabel ? visuallyHidden : undefined}>{label}</span>
    </span>
  );
}
