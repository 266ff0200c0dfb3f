import { lazy, type ReactElement, Suspense } from 'react';

// Radix Tooltip with its positioning is about 12 KB compressed, and Button is on every page (the sign-in too):
// it loads only once a control with a reason renders, not with Button.
const Tooltip = lazy(() => import('./Tooltip').then((module) => ({ default: module.Tooltip })));

/**
 * The tip of a control that is unavailable for a reason (Button and Switch with `disabledReason`). Until the tooltip
 * code has arrived (a moment after the first such control renders) the control shows without its tip.
 */
export function ReasonTooltip({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip content={reason}>{children}</Tooltip>
    </Suspense>
  );
}
