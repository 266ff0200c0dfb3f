import { Alert, Stack, TermsDialog } from '@portal/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentTosQuery, useCurrentUser } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { ServerRefusal } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { privacyPolicyQuery, useAcceptTerms } from './authQueries.ts';
import { useLogout } from './useLogout.ts';

/** Shipped in public/, shown when the server names no privacy policy (spec §2). */
export const FALLBACK_PRIVACY_POLICY_URL = '/datenschutzerklaerung.pdf';

function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Spec §2/§4: the modal terms dialog for a signed-in user who has not accepted the terms. The shell
 * renders it instead of the page, so nothing else is usable until the user accepts or leaves.
 */
export function TermsGate() {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const [termsMissing, setTermsMissing] = useState(false);
  // The server flags users who accepted an earlier version: they see the 'Aktualisierte …' title.
  const updated = useCurrentUser().user?.tosUpdate === true;
  const terms = useQuery(currentTosQuery);
  const privacy = useQuery(privacyPolicyQuery);

  // Spec §4: 201 accepts; any other answer (or none) is 'Unbekannter Fehler' and a logout.
  const accept = useAcceptTerms({
    onSuccess() {
      toasts.show({ tone: 'success', title: 'auth:toasts.termsAccepted.title' });
    },
    async onError(error) {
      if (!(error instanceof ServerRefusal)) reportError(error, { during: 'acceptTos' });
      await logout({
        tone: 'error',
        title: 'auth:toasts.termsFailed.title',
        description: 'auth:toasts.termsFailed.description',
      });
    },
  });
  // Spec §4/§8: 'Sie werden ausgeloggt', and that one toast only (not the logout's 'Erfolgreich ausgeloggt.' too).
  const decline = useMutation({
    mutationFn: () => logout({ tone: 'warning', title: 'auth:toasts.termsDeclined.title' }),
  });

  return (
    <TermsDialog
      open
      title={t(updated ? 'terms.titleUpdated' : 'terms.title')}
      description={
        <Stack gap="medium">
          <span>{t('terms.description')}</span>
          {termsMissing && (
            <Alert tone="critical" announce="assertive">
              {t('terms.openTermsFailed')}
            </Alert>
          )}
        </Stack>
      }
      termsButtonLabel={t('terms.openTerms')}
      privacyButtonLabel={t('terms.openPrivacy')}
      checkboxLabel={t('terms.checkbox')}
      cancelLabel={t('terms.cancel')}
      acceptLabel={t('terms.accept')}
      accepting={accept.isPending || decline.isPending}
      onOpenTerms={() => {
        if (terms.data) {
          setTermsMissing(false);
          openInNewTab(terms.data.tosFile);
          return;
        }
        // Still loading or failed: a new tab must open within the click, so say so and ask again. In the
        // dialog, not as a toast: the modal hides everything outside it from assistive technology.
        setTermsMissing(true);
        void terms.refetch();
      }}
      onOpenPrivacy={() => openInNewTab(privacy.data?.privacyPolicyFile ?? FALLBACK_PRIVACY_POLICY_URL)}
      onCancel={() => decline.mutate()}
      onAccept={() => accept.mutate()}
    />
  );
}
