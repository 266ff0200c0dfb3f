import type { Content } from '@portal/api';
import { contentFormatDegrees, contentOrderingFor } from '@portal/domain';
import { Box, Card, EmptyState, Heading, Inline, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/api.ts';
import { contentListQuery } from './contentListQuery.ts';

function ContentCard({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const degrees = content.format ? contentFormatDegrees(content.format) : null;
  return (
    <Card as="li">
      <Stack gap="xsmall">
        <Heading level={2}>{content.title}</Heading>
        <Inline gap="small">
          <Text tone="muted" size="small">
            {t(`contentType.${content.contentType}`)}
          </Text>
          {degrees !== null && (
            <Text tone="muted" size="small">
              {t(`degrees.${degrees}`)}
            </Text>
          )}
        </Inline>
      </Stack>
    </Card>
  );
}

/** Mediathek (spec §2, /library): open to everyone; ordering per spec §7 via the domain rule. */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const { signedIn, user, loading } = useCurrentUser();
  // Signed-in users wait for their user (MSB users get the list by title); if it cannot be loaded the
  // list falls back to the anonymous order rather than spinning for ever.
  const ordering = signedIn && loading ? undefined : contentOrderingFor(user);
  const list = useQuery({ ...contentListQuery(ordering ?? '-created_at'), enabled: ordering !== undefined });

  let body: React.ReactNode;
  if (ordering === undefined || list.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (list.isError) {
    body = <EmptyState title={t('error.title')} description={t('error.description')} />;
  } else if (list.data.results.length === 0) {
    body = <EmptyState title={t('empty.title')} description={t('empty.description')} />;
  } else {
    body = (
      <Box as="ul" display="flex" flexDirection="column" gap="small" aria-label={t('listLabel')}>
        {list.data.results.map((content) => (
          <ContentCard key={content.id} content={content} />
        ))}
      </Box>
    );
  }

  return (
    <Stack gap="large">
      <Stack gap="small">
        <Heading level={1}>{t('title')}</Heading>
        <Text tone="muted">{t('intro')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
