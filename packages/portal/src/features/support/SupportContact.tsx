import { Alert, Box, Button, Heading, type KeyValueItem, KeyValueList, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { siteInfoQuery } from '../../lib/siteInfo.ts';

/** 'Kontakt zum Support': the operator's support contact from the server's configuration (getSiteInfo). */
export function SupportContact() {
  const { t } = useTranslation('support');
  const site = useQuery(siteInfoQuery);
  const support = site.data?.support;
  const items: KeyValueItem[] = support
    ? [
        { term: t('contact.email'), value: <a href={`mailto:${support.email}`}>{support.email}</a> },
        ...(support.phone
          ? [
              {
                term: t('contact.phone'),
                value: <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}>{support.phone}</a>,
              },
            ]
          : []),
        ...(support.hours ? [{ term: t('contact.hours'), value: support.hours }] : []),
      ]
    : [];
  return (
    <Box as="section" aria-labelledby="support-contact">
      <Stack gap="small">
        <Heading level={2} id="support-contact">
          {t('contact.title')}
        </Heading>
        <Text>{t('contact.intro')}</Text>
        {support ? (
          <KeyValueList items={items} />
        ) : site.isError ? (
          <Alert tone="critical" title={t('contact.failed')}>
            <Button variant="secondary" size="small" onClick={() => void site.refetch()}>
              {t('contact.retry')}
            </Button>
          </Alert>
        ) : (
          <Text tone="muted">{t('contact.loading')}</Text>
        )}
      </Stack>
    </Box>
  );
}
