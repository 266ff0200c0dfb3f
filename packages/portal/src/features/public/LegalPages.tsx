import { Alert, Button, ButtonLink, type KeyValueItem, KeyValueList, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { $api, apiClient, currentTosQuery } from '../../lib/api.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { answerOf, isNotFound } from '../../lib/serverErrors.ts';
import { phoneHref, siteInfoQuery } from '../../lib/siteInfo.ts';
import { TitledSection } from '../../lib/TitledSection.tsx';

/**
 * The legal pages of spec §2 — /impressum, /datenschutzerklaerung, /agbs — in one chunk: whoever opens one from the
 * footer often opens the next.
 */

/**
 * The legal documents the public pages show. Under the contract's keys (the terms dialog reads the same), but
 * through `answerOf`, so a server without terms (404) can be told apart from one that is not reachable.
 */
const termsDocumentQuery = {
  queryKey: currentTosQuery.queryKey,
  queryFn: () => answerOf(apiClient.GET('/api/v1/organisations/current-tos/')),
};

const privacyDocumentQuery = {
  queryKey: $api.queryOptions('get', '/api/v1/organisations/current-pp/').queryKey,
  queryFn: () => answerOf(apiClient.GET('/api/v1/organisations/current-pp/')),
};

/** A public page's data did not arrive (the server is not reachable): say so and offer to ask again. */
function LegalFailure({
  title,
  description,
  retryLabel,
  onRetry,
}: {
  title: string;
  description: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert tone="critical" announce="assertive" title={title}>
      <span>{description}</span>{' '}
      <Button variant="secondary" size="small" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

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

/**
 * /impressum: the operator's imprint from the server's configuration (getSiteInfo: IMPRINT_*; the demo operator on
 * `npm start`). Lines the operator did not configure are left out.
 */
export function ImprintPage() {
  const { t } = useTranslation('site');
  const site = useQuery(siteInfoQuery);
  const imprint = site.data?.imprint;
  const contact: KeyValueItem[] = imprint
    ? [
        { term: t('imprint.email'), value: <a href={`mailto:${imprint.email}`}>{imprint.email}</a> },
        ...(imprint.phone
          ? [{ term: t('imprint.phone'), value: <a href={phoneHref(imprint.phone)}>{imprint.phone}</a> }]
          : []),
      ]
    : [];
  const further: KeyValueItem[] = imprint
    ? [
        ...(imprint.register ? [{ term: t('imprint.register'), value: imprint.register }] : []),
        ...(imprint.vatId ? [{ term: t('imprint.vatId'), value: imprint.vatId }] : []),
      ]
    : [];
  return (
    <Stack gap="large">
      <PageHeading description={t('meta.imprint')}>{t('imprint.title')}</PageHeading>
      {imprint ? (
        <>
          <TitledSection id="imprint-provider" title={t('imprint.provider')}>
            <address>
              <Stack gap="xsmall">
                <Text weight="semibold">{imprint.name}</Text>
                {imprint.addressLines.map((line) => (
                  <Text key={line}>{line}</Text>
                ))}
              </Stack>
            </address>
            {imprint.representative ? (
              <Text>
                {t('imprint.representative')}: {imprint.representative}
              </Text>
            ) : null}
          </TitledSection>
          <TitledSection id="imprint-contact" title={t('imprint.contact')}>
            <KeyValueList items={[...contact, ...further]} />
          </TitledSection>
          {imprint.contentResponsible ? (
            <TitledSection id="imprint-responsible" title={t('imprint.contentResponsible')}>
              <Text>{imprint.contentResponsible}</Text>
            </TitledSection>
          ) : null}
        </>
      ) : site.isError ? (
        <LegalFailure
          title={t('imprint.failed')}
          description={t('imprint.failedDescription')}
          retryLabel={t('imprint.retry')}
          onRetry={() => void site.refetch()}
        />
      ) : (
        <Text tone="muted">{t('imprint.loading')}</Text>
      )}
    </Stack>
  );
}

/**
 * /datenschutzerklaerung: the current privacy policy (current-pp), or the bundled PDF when the operator names none;
 * below it what the portal itself records about people, the Protokoll, with how long the server keeps it
 * (`auditRetentionDays` of the same answer, so the page says what the server does; issue 24).
 */
export function PrivacyPage() {
  const { t } = useTranslation('site');
  const { t: common } = useTranslation('common');
  const privacy = useQuery(privacyDocumentQuery);
  const file = privacy.data?.privacyPolicyFile;
  return (
    <LegalDocument title={t('privacy.title')} description={t('meta.privacy')} intro={t('privacy.intro')}>
      {privacy.data ? (
        <>
          <Stack gap="small">
            <DocumentLink href={file ?? BUNDLED_PRIVACY_POLICY_URL} label={t('privacy.open')} />
            {file ? null : <Text tone="muted">{t('privacy.bundled')}</Text>}
          </Stack>
          <TitledSection id="privacy-protocol" title={t('privacy.protocol')}>
            <Text>{common('audit.retentionNotice', { days: privacy.data.auditRetentionDays })}</Text>
          </TitledSection>
        </>
      ) : privacy.isError ? (
        <LegalFailure
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
        <LegalFailure
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
