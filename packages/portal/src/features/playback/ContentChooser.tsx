import { Box, Button, Inline, SearchField, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentSearchQuery } from '../../lib/contentQueries.ts';

const RESULTS = 10;

/**
 * Without a content in the link (a group's or the dashboard's 'Abspielen'), the teacher names it here: a search of
 * the Mediathek, the first results to choose from.
 */
export function ContentChooser({ onChoose }: { onChoose: (contentId: number) => void }) {
  const { t } = useTranslation('playback');
  const [search, setSearch] = useState('');
  const results = useQuery(contentSearchQuery({ search, ordering: 'title', pageSize: RESULTS }));
  const items = results.data?.results ?? [];
  return (
    <Stack gap="medium">
      <SearchField
        label={t('chooser.search')}
        clearLabel={t('chooser.clear')}
        value={search}
        onValueChange={setSearch}
      />
      {results.isPending ? (
        <Text tone="muted">{t('chooser.loading')}</Text>
      ) : items.length === 0 ? (
        <Text tone="muted">{t('chooser.none')}</Text>
      ) : (
        <Box as="ul" aria-label={t('chooser.results')} display="grid" gap="small">
          {items.map((item) => (
            <li key={item.id}>
              <Inline gap="small" alignY="center">
                <Button variant="secondary" size="small" onClick={() => onChoose(item.id)}>
                  {t('chooser.choose', { title: item.title })}
                </Button>
                <Text as="span" tone="muted">
                  {t(`contentTypes.${item.contentType}`)}
                </Text>
              </Inline>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
