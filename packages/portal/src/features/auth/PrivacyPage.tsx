import { Alert, Button, Heading, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { privacyPolicyQuery } from './authQueries.ts';
import { FALLBACK_PRIVACY_POLICY_URL } from './TermsGate.tsx';

/**
 * /datenschutzerklaerung, for everybody (signed in or not, terms accepted or not): the privacy policy in force (the
 * one the terms dialog opens) and what the portal itself records about people, the Protokoll, with how long the
 * server keeps it (`auditRetentionDays` of the same answer, so the page says what the server does).
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  const policy = useQuery(privacyPolicyQuery);

  let retention = <Spinner label={t('privacyPage.loading')} />;
  if (policy.isError) {
    retention = (
      <Alert tone="critical" title={t('privacyPage.failed')}>
        <Button variant="secondary" onClick={() => void policy.refetch()}>
          {t('privacyPage.retry')}
        </Button>
      </Alert>
    );
  } else if (policy.data) {
    retention = <Text>{t('audit.retentionNotice', { days: policy.data.auditRetentionDays })}</Text>;
  }

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading description={t('meta.legal')}>{t('pages.privacy')}</PageHeading>
        <Text>{t('privacyPage.intro')}</Text>
        <Text>
          <a
            href={policy.data?.privacyPolicyFile ?? FALLBACK_PRIVACY_POLICY_URL}
            target="_blank"
            rel="noreferrer"
          >
            {t('privacyPage.openPolicy')}
          </a>
        </Text>
      </Stack>
      <Stack gap="small" as="section" aria-labelledby="privacy-protocol">
        <Heading level={2} id="privacy-protocol">
          {t('privacyPage.protocol')}
        </Heading>
        {retention}
      </Stack>
    </Stack>
  );
}

export { PrivacyPage as Component };
