import { Toaster } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { ALL_NAMESPACES, i18n, NAMESPACES } from '../lib/i18n.ts';
import { toasts, useToasts } from '../lib/toasts.ts';

/** The toasts of lib/toasts.ts, translated when they render. */
export default function ToastHost() {
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
        ...(toast.action && {
          action: {
            label: t(toast.action.label),
            altText: t(toast.action.altText, toast.action.altTextValues ?? {}),
            onAction: toast.action.run,
          },
        }),
      }))}
      onDismiss={(id) => toasts.dismiss(id)}
      closeLabel={t('toast.close')}
      regionLabel={t('toast.region')}
    />
  );
}
