import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage.tsx';

/**
 * 'Keine Berechtigung': a route the signed-in person's role may not use (e.g. /library/new without an
 * organisation), with why and the way back. The server refuses the same calls; the page only says so first.
 */
export function NoPermissionPage({
  description,
  back,
}: {
  /** The reason for this route, when it has one of its own; else the general one. */
  description?: string;
  /** Where back leads and what the link says; the Mediathek by default. */
  back?: { href: string; label: string };
}) {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('noPermission.title')}
      description={description ?? t('noPermission.description')}
      action={back ?? { href: '/library', label: t('noPermission.action') }}
    />
  );
}
