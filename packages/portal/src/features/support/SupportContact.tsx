import { Alert, Button, type KeyValueItem, KeyValueList, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { phoneHref, siteInfoQuery } from '../../lib/siteInfo.ts';
import { TitledSection } from '../../lib/TitledSection.tsx';

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
                value: <a href={phoneHref(support.phone)}>{support.phone}</a>,
              },
            ]
          : []),
        ...(support.hours ? [{ term: t('contact.hours'), value: support.hours }] : []),
      ]
    : [];
  return (
    <TitledSection id="support-contact" title={t('contact.title')}>
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
    </TitledSection>
  );
}
