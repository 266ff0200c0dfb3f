import { ConfirmDialog } from '@portal/ui';
import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before the page is left while `active` (unsaved changes, a running upload): in-app navigation through a
 * dialog, a reload or a closed tab through the browser's own warning. One per page: a router keeps only one
 * blocker, so the page words the reason that applies.
 */
export function LeaveGuard({
  active,
  texts,
  passed,
}: {
  active: boolean;
  texts: { title: string; description: string; confirm: string; stay: string };
  /** Set to true right before the page itself moves on (after a save): that move asks nothing. */
  passed?: RefObject<boolean>;
}) {
  // Only a move to another page counts; a changed query or hash on this page keeps everything as it is.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && passed?.current !== true && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!active) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  // The reason ended while the question was open (the upload finished): nothing to protect any more.
  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.proceed();
  }, [active, blocker]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      cancelLabel={texts.stay}
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
