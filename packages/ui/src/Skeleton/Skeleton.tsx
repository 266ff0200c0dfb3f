import * as styles from './Skeleton.css';

export type SkeletonProps = styles.RootVariants & {
  /** CSS width, e.g. '60%' or '120px'. Default '100%'. */
  width?: string;
  /** CSS height; text lines take 1em. */
  height?: string;
  /**
   * Number of text lines (the last one shorter). Only for `shape="text"`.
   * @example <Skeleton lines={3} />
   */
  lines?: number;
  className?: string;
};

/**
 * A grey placeholder while content loads. Hidden from screen readers: mark the loading region with
 * aria-busy and say it with a Spinner or status text.
 */
export function Skeleton({ shape = 'text', width = '100%', height, lines = 1, className }: SkeletonProps) {
  const classes = [styles.root({ shape }), className].filter(Boolean).join(' ');
  if (shape === 'text' && lines > 1) {
    return (
      <span className={styles.lines} aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines without identity
            key={index}
            className={classes}
            style={{ width: index === lines - 1 ? '60%' : width, height }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      className={classes}
      style={{ width, height: height ?? (shape === 'text' ? undefined : width) }}
      aria-hidden="true"
    />
  );
}
