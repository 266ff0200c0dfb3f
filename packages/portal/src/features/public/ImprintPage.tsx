import { Box, Heading, type KeyValueItem, KeyValueList, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { siteInfoQuery } from '../../lib/siteInfo.ts';
import { PublicFailure } from './PublicFailure.tsx';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
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
          ? [{ term: t('imprint.phone'), value: <a href={telHref(imprint.phone)}>{imprint.phone}</a> }]
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
          <Box as="section" aria-labelledby="imprint-provider">
            <Stack gap="small">
              <Heading level={2} id="imprint-provider">
                {t('imprint.provider')}
              </Heading>
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
            </Stack>
          </Box>
          <Box as="section" aria-labelledby="imprint-contact">
            <Stack gap="small">
              <Heading level={2} id="imprint-contact">
                {t('imprint.contact')}
              </Heading>
              <KeyValueList items={[...contact, ...further]} />
            </Stack>
          </Box>
          {imprint.contentResponsible ? (
            <Box as="section" aria-labelledby="imprint-responsible">
              <Stack gap="small">
                <Heading level={2} id="imprint-responsible">
                  {t('imprint.contentResponsible')}
                </Heading>
                <Text>{imprint.contentResponsible}</Text>
              </Stack>
            </Box>
          ) : null}
        </>
      ) : site.isError ? (
        <PublicFailure
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

export { ImprintPage as Component };
