import { Toaster } from '@portal/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { queryClient } from '../lib/api.ts';
import { ALL_NAMESPACES, i18n, NAMESPACES } from '../lib/i18n.ts';
import { toasts, useToasts } from '../lib/toasts.ts';

function ToastHost() {
  // Re-renders on a language change; the lazy namespaces are translated once their page has loaded them.
  useTranslation(NAMESPACES);
  const t = i18n.getFixedT(null, ALL_NAMESPACES);
  const current = useToasts();
  return (
    <Toaster
      toasts={current.map((toast) => ({
        id: toast.id,
        tone: toast.tone,
        title: t(toast.title),
        description:
          toast.descriptionText ??
          (toast.description === undefined ? undefined : t(toast.description, toast.descriptionValues ?? {})),
      }))}
      onDismiss={(id) => toasts.dismiss(id)}
      closeLabel={t('toast.close')}
      regionLabel={t('toast.region')}
    />
  );
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
          <ToastHost />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
