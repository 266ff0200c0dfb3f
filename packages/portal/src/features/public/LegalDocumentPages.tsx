import { ButtonLink, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { isNotFound } from '../../lib/serverErrors.ts';
import { privacyDocumentQuery, termsDocumentQuery } from './legalQueries.ts';
import { PublicFailure } from './PublicFailure.tsx';

/** Shipped in public/: the privacy policy when the operator names none (spec §2, as in the terms dialog). */
export const BUNDLED_PRIVACY_POLICY_URL = '/datenschutzerklaerung.pdf';

/** A legal page: its h1, what the document is, and the document itself (a PDF the browser opens). */
function LegalDocument({
  title,
  description,
  intro,
  children,
}: {
  title: string;
  description: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading description={description}>{title}</PageHeading>
        <Text>{intro}</Text>
      </Stack>
      {children}
    </Stack>
  );
}

function DocumentLink({ href, label }: { href: string; label: string }) {
  return (
    <div>
      <ButtonLink href={href} variant="primary">
        {label}
      </ButtonLink>
    </div>
  );
}

/** /datenschutzerklaerung: the current privacy policy (current-pp), or the bundled PDF when the operator names none. */
export function PrivacyPage() {
  const { t } = useTranslation('site');
  const privacy = useQuery(privacyDocumentQuery);
  const file = privacy.data?.privacyPolicyFile;
  return (
    <LegalDocument title={t('privacy.title')} description={t('meta.privacy')} intro={t('privacy.intro')}>
      {privacy.data ? (
        <Stack gap="small">
          <DocumentLink href={file ?? BUNDLED_PRIVACY_POLICY_URL} label={t('privacy.open')} />
          {file ? null : <Text tone="muted">{t('privacy.bundled')}</Text>}
        </Stack>
      ) : privacy.isError ? (
        <PublicFailure
          title={t('privacy.failed')}
          description={t('privacy.failedDescription')}
          retryLabel={t('privacy.retry')}
          onRetry={() => void privacy.refetch()}
        />
      ) : (
        <Text tone="muted">{t('privacy.loading')}</Text>
      )}
    </LegalDocument>
  );
}

/** /agbs: the current terms of use (current-tos) with their version; a server without terms answers 404. */
export function TermsPage() {
  const { t } = useTranslation('site');
  const terms = useQuery(termsDocumentQuery);
  const none = isNotFound(terms.error);
  return (
    <LegalDocument title={t('terms.title')} description={t('meta.terms')} intro={t('terms.intro')}>
      {terms.data ? (
        <Stack gap="small">
          <Text weight="semibold">{t('terms.version', { version: terms.data.version })}</Text>
          <DocumentLink href={terms.data.tosFile} label={t('terms.open')} />
        </Stack>
      ) : none ? (
        <Text>{t('terms.none')}</Text>
      ) : terms.isError ? (
        <PublicFailure
          title={t('terms.failed')}
          description={t('terms.failedDescription')}
          retryLabel={t('terms.retry')}
          onRetry={() => void terms.refetch()}
        />
      ) : (
        <Text tone="muted">{t('terms.loading')}</Text>
      )}
    </LegalDocument>
  );
}
