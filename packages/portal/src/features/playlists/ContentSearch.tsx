import type { ConfigurationDetail } from '@portal/api';
import { contentOrderingFor, formatBytes } from '@portal/domain';
import { Alert, Badge, Box, Button, SearchField, Spinner, Stack, Text } from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/api.ts';
import { contentSearchQuery } from '../../lib/contentQueries.ts';
import { ContentTypeIcon } from '../../lib/icons.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useItemAdd } from './useItemChange.ts';

/** Results shown at once: enough to pick from, few enough to read; a longer list asks for a closer search. */
const RESULTS = 8;
/** As the Mediathek's search: one request per pause in typing. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * 'Inhalt hinzufügen': searches the Mediathek inside the playlist's page (the newest items while the field is
 * empty) and appends a chosen item. Items the playlist holds already are marked, not offered again.
 */
export function ContentSearch({ playlist }: { playlist: ConfigurationDetail }) {
  const { t, i18n } = useTranslation('playlists');
  const { user } = useCurrentUser();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    ...contentSearchQuery({ search, ordering: contentOrderingFor(user), pageSize: RESULTS }),
    placeholderData: keepPreviousData,
  });
  const add = useItemAdd(playlist.id);

  let body: React.ReactNode;
  if (results.isPending) body = <Spinner label={t('add.loading')} />;
  else if (results.isError) {
    body = (
      <Alert tone="critical" announce="assertive">
        {t('add.failed')}
      </Alert>
    );
  } else if (results.data.results.length === 0) body = <Text tone="muted">{t('add.none', { search })}</Text>;
  else {
    const contained = new Set(playlist.contentIds);
    body = (
      <Stack gap="small">
        <Box as="ul" aria-label={t('add.results')} display="flex" flexDirection="column" gap="xsmall">
          {results.data.results.map((content) => (
            <Box
              as="li"
              key={content.id}
              display="flex"
              alignItems="center"
              gap="small"
              padding="small"
              borderRadius="medium"
              background="surface"
            >
              <ContentTypeIcon type={content.contentType} size={24} />
              <Box display="flex" flexDirection="column" flexGrow={1} minWidth="0">
                <Text as="span">
                  <bdi>{content.title}</bdi>
                </Text>
                <Text as="span" size="small" tone="muted">
                  {[t(`contentType.${content.contentType}`), formatBytes(content.fileSize, i18n.language)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Box>
              {contained.has(content.id) ? (
                <Badge tone="positive">{t('add.contained')}</Badge>
              ) : (
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t('add.addNamed', { title: content.title })}
                  loading={add.isPending && add.variables?.id === content.id}
                  onClick={() => add.mutate(content)}
                >
                  {t('add.add')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
        {results.data.count > RESULTS && (
          <Text size="small" tone="muted">
            {t('add.more')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="medium">
      <SearchField
        label={t('add.search')}
        clearLabel={t('add.clear')}
        placeholder={t('add.placeholder')}
        value={text}
        maxLength={200}
        onValueChange={setText}
      />
      <Box aria-busy={results.isFetching || undefined}>{body}</Box>
    </Stack>
  );
}
