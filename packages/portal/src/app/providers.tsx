import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../lib/api.ts';
import { i18n } from '../lib/i18n.ts';
import { useToasts } from '../lib/toasts.ts';

// The toast machinery (Radix Toast and its collection, about 5 KB compressed) is loaded with the first toast,
// not with the entry: most visits to /login never show one, and its JavaScript budget is 140 KB.
const ToastHost = lazy(() => import('./ToastHost.tsx'));

/** Mounts the toast host once a toast has been shown, and keeps it mounted so later toasts animate in place. */
function LazyToastHost() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
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
