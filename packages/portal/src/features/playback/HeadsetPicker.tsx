import type { Device } from '@portal/api';
import { Box, Button, Inline, Select, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HeadsetChecklist } from '../../lib/HeadsetChecklist.tsx';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { visiblePlaylistsQuery } from '../../lib/playlists.ts';

/**
 * The headset picker (issue 14): the organisation's headsets to tick one by one, or at once all online ones, a
 * group's or a playlist's. Choosing a group or playlist replaces the selection; the ticks can then be changed.
 */
export function HeadsetPicker({
  headsets,
  selected,
  onSelectedChange,
}: {
  headsets: readonly Device[];
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
}) {
  const { t } = useTranslation('playback');
  const groups = useQuery(deviceGroupsQuery);
  const playlists = useQuery(visiblePlaylistsQuery);
  const known = new Set(headsets.map((h) => h.id));
  const only = (ids: readonly number[]) => new Set(ids.filter((id) => known.has(id)));
  const playlistsOnHeadsets = (playlists.data?.results ?? []).filter((p) => p.sdmDevices.length > 0);
  return (
    <Stack gap="medium">
      <Inline gap="small" alignY="bottom">
        <Button
          variant="secondary"
          onClick={() => onSelectedChange(new Set(headsets.filter((h) => h.isOnline).map((h) => h.id)))}
        >
          {t('picker.allOnline')}
        </Button>
        <Button variant="ghost" onClick={() => onSelectedChange(new Set())} disabled={selected.size === 0}>
          {t('picker.none')}
        </Button>
        <Select
          label={t('picker.group')}
          placeholder={t('picker.choose')}
          value=""
          options={(groups.data?.results ?? []).map((group) => ({
            value: String(group.id),
            label: t('picker.groupOption', { name: group.name, count: group.devices.length }),
          }))}
          onChange={(event) => {
            const group = groups.data?.results.find((g) => String(g.id) === event.target.value);
            if (group) onSelectedChange(only(group.devices));
          }}
        />
        <Select
          label={t('picker.playlist')}
          placeholder={t('picker.choose')}
          value=""
          options={playlistsOnHeadsets.map((playlist) => ({
            value: String(playlist.id),
            label: t('picker.playlistOption', { name: playlist.name, count: playlist.sdmDevices.length }),
          }))}
          onChange={(event) => {
            const playlist = playlistsOnHeadsets.find((p) => String(p.id) === event.target.value);
            if (playlist) onSelectedChange(only(playlist.sdmDevices));
          }}
        />
      </Inline>
      <Box role="status">
        <Text>{t('picker.selected', { count: selected.size, total: headsets.length })}</Text>
      </Box>
      <HeadsetChecklist
        legend={t('picker.legend')}
        headsets={headsets}
        selected={selected}
        onSelectedChange={onSelectedChange}
      />
    </Stack>
  );
}
