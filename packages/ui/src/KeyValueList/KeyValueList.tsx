import type { ReactNode } from 'react';
import * as styles from './KeyValueList.css';

export const keyValueListLayouts = ['columns', 'stacked'] as const;

export interface KeyValueItem {
  /** Stable key when terms repeat; defaults to the term when it is a string. */
  id?: string;
  /** What is described, shown as the term (`<dt>`), e.g. 'Seriennummer'. */
  term: ReactNode;
  /** Its value (`<dd>`), formatted by the app, e.g. 'VR-2024-0815'. */
  value: ReactNode;
}

export type KeyValueListProps = styles.RootVariants & {
  /**
   * The pairs, in reading order.
   * @example <KeyValueList items={[{ term: t('device.serial'), value: device.serialNumber }]} />
   */
  items: KeyValueItem[];
};

/** Terms and their values as a description list (<dl>), e.g. the details of a device. */
export function KeyValueList({ items, layout }: KeyValueListProps) {
  return (
    <dl className={styles.root({ layout })}>
      {items.map((item, index) => (
        <div
          key={item.id ?? (typeof item.term === 'string' ? item.term : index)}
          className={layout === 'stacked' ? styles.stackedGroup : styles.group}
        >
          <dt className={styles.term}>{item.term}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
