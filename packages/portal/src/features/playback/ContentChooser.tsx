import type { ConfigurationDetail, Device } from '@portal/api';
import {
  Box,
  Button,
  ContentCard,
  Heading,
  Inline,
  SearchField,
  Spinner,
  Stack,
  Text,
  Tiles,
} from '@portal/ui';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { contentSearchQuery } from '../../lib/contentQueries.ts';
import { deviceGroupQuery } from '../../lib/headsets.ts';
import { ContentTypeIcon } from '../../lib/icons.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playbackHref, type playbackTargetFrom } from '../../lib/playbackLink.ts';
import { playlistDetailQuery } from '../../lib/playlists.ts';

const RESULTS = 10;

type Target = ReturnType<typeof playbackTargetFrom>;

/**
 * The playlists active on the headsets the link names (a group's, a list's, one playlist), or on all of the
 * organisation's: most headsets first. What is on the headsets is what a lesson can start at once.
 */
/** The active playlists of the headsets in question, most used first; undefined until all of them are known. */
function useActivePlaylists(target: Target, headsets: readonly Device[]): ConfigurationDetail[] | undefined {
  const group = useQuery({ ...deviceGroupQuery(target.group ?? 0), enabled: target.group !== null });
  let ids: number[];
  if (target.configuration !== null) ids = [target.configuration];
  else {
    const linked =
      target.group !== null
        ? new Set(group.data?.devices ?? [])
        : target.devices.length > 0
          ? new Set(target.devices)
          : null;
    const counts = new Map<number, number>();
    for (const headset of headsets) {
      if (headset.activeConfigurationId === null || (linked && !linked.has(headset.id))) continue;
      counts.set(headset.activeConfigurationId, (counts.get(headset.activeConfigurationId) ?? 0) + 1);
    }
    ids = [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  }
  const details = useQueries({ queries: ids.map((id) => playlistDetailQuery(id)) });
  if ((target.group !== null && group.isPending) || details.some((detail) => detail.isPending))
    return undefined;
  return details.flatMap((detail) => (detail.data ? [detail.data] : []));
}

/** One active playlist's items as cards with their previews; each opens the playback with it. */
function PlaylistItems({
  playlist,
  hrefFor,
}: {
  playlist: ConfigurationDetail;
  hrefFor: (id: number) => string;
}) {
  const { t } = useTranslation('playback');
  const headingId = `chooser-playlist-${playlist.id}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Stack gap="small">
        <Heading level={3} id={headingId}>
          {t('chooser.playlistOn', { name: playlist.name, count: playlist.sdmDevices.length })}
        </Heading>
        <Tiles as="ul" columns={{ mobile: 1, tablet: 2, desktop: 4 }} gap="medium">
          {playlist.contents.map((item) => (
            <ContentCard
              key={item.id}
              as="li"
              titleLevel={4}
              title={item.title}
              href={hrefFor(item.id)}
              imageSrc={item.previewImage ?? undefined}
              // The card's link is named by the title; the picture repeats it.
              imageAlt=""
              placeholderText={t(`contentTypes.${item.contentType}`)}
              placeholderIcon={<ContentTypeIcon type={item.contentType} />}
              typeLabel={t(`contentTypes.${item.contentType}`)}
            />
          ))}
        </Tiles>
      </Stack>
    </Box>
  );
}

/**
 * Without a content in the link (a group's or the dashboard's 'Abspielen'), the teacher names it here: first what is
 * on the headsets — the items of their active playlists with previews (issue 22), each opening the playback with that
 * playlist's headsets ticked unless the link named headsets itself — then a search of the Mediathek.
 */
export function ContentChooser({
  target,
  headsets,
  onChoose,
}: {
  target: Target;
  headsets: readonly Device[];
  onChoose: (contentId: number) => void;
}) {
  const { t } = useTranslation('playback');
  const [search, setSearch] = useState('');
  const results = useQuery(contentSearchQuery({ search, ordering: 'title', pageSize: RESULTS }));
  const active = useActivePlaylists(target, headsets);
  const items = results.data?.results ?? [];
  const namesHeadsets = target.group !== null || target.devices.length > 0 || target.configuration !== null;
  const hrefFor = (playlistId: number) => (contentId: number) =>
    playbackHref({
      ...target,
      content: contentId,
      configuration: namesHeadsets ? target.configuration : playlistId,
    });
  // The playlists come first on the page: until they are first known nothing is drawn below them, so nothing moves
  // (and 'no active playlist' is never said of playlists still loading). Later, while the live headsets name another
  // playlist whose details are on their way, the last known ones stay: the search below must not vanish under the
  // teacher's hands.
  const lastKnown = useRef<ConfigurationDetail[] | undefined>(undefined);
  if (active !== undefined) lastKnown.current = active;
  const playlists = active ?? lastKnown.current;
  if (playlists === undefined) return <Spinner label={t('chooser.loading')} />;
  return (
    <Stack gap="large">
      {playlists.length === 0 ? <Text tone="muted">{t('chooser.noActive')}</Text> : null}
      {playlists.map((playlist) => (
        <PlaylistItems key={playlist.id} playlist={playlist} hrefFor={hrefFor(playlist.id)} />
      ))}
      <Stack gap="medium">
        <Heading level={3}>{t('chooser.library')}</Heading>
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
    </Stack>
  );
}
