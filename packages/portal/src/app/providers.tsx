import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../lib/api.ts';
import { i18n } from '../lib/i18n.ts';
import { useToasts } from '../lib/toasts.ts';

// The toast machinery (Radix Toast and its collection, about 5 KB compressed) is not part of the entry: most visits
// to /login show no toast before the person starts typing, and the page's JavaScript budget is 140 KB.
const ToastHost = lazy(() => import('./ToastHost.tsx'));

/** The first sign that someone uses the page: from then on the toast host is there, like any other part of it. */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Mounts the toast host at the first use of the page or with the first toast, whichever comes first, and keeps it
 * mounted. Mounted before a toast appears, a toast shown later stacks like any layer opened after it (a drawer opened
 * after the sign-in toast still closes first with Escape).
 */
function LazyToastHost() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  useEffect(() => {
    if (needed) return;
    const mount = () => setNeeded(true);
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, mount, { once: true, capture: true });
    return () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, mount, { capture: true });
    };
  }, [needed]);
  return needed ? <ToastHost /> : null;
}

/** Query cache, translations and toasts; nothing renders before the translations are there. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>{children}</Suspense>
        {/* A boundary of its own: a page that suspends (a lazy chunk) must not hide the toasts meanwhile,
            while their 5-second timers keep running. */}
        <Suspense fallback={null}>
          <LazyToastHost />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
