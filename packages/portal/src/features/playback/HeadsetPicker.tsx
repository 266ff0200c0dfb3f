import type { Device } from '@portal/api';
import { Box, Button, Inline, Select, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HeadsetChecklist } from '../../lib/HeadsetChecklist.tsx';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { activePlaylistsQuery } from '../../lib/playlists.ts';

/** The group or playlist the selection was taken from, which its choice keeps naming. */
export type PickedFrom = { kind: 'group' | 'playlist'; id: number };

/**
 * The headset picker (issue 14): the organisation's headsets to tick one by one, or at once all online ones, a
 * group's or a playlist's. Choosing a group or playlist replaces the selection and stays named in its choice (also
 * when a link chose it, issue 22), while the ticks can be changed from there; 'Alle online' and 'Auswahl aufheben'
 * leave both choices empty again. Every active playlist is offered, however many pages they fill.
 */
export function HeadsetPicker({
  headsets,
  selected,
  onSelectedChange,
  pickedFrom,
  onPickedFromChange,
}: {
  headsets: readonly Device[];
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
  pickedFrom: PickedFrom | null;
  onPickedFromChange: (from: PickedFrom | null) => void;
}) {
  const { t } = useTranslation('playback');
  const groups = useQuery(deviceGroupsQuery);
  const playlists = useQuery(activePlaylistsQuery);
  const known = new Set(headsets.map((h) => h.id));
  const only = (ids: readonly number[]) => new Set(ids.filter((id) => known.has(id)));
  const playlistsOnHeadsets = (playlists.data ?? []).filter((p) => p.sdmDevices.length > 0);
  const replace = (ids: Set<number>, from: PickedFrom | null) => {
    onSelectedChange(ids);
    onPickedFromChange(from);
  };
  const chosen = (kind: PickedFrom['kind']) => (pickedFrom?.kind === kind ? String(pickedFrom.id) : '');
  return (
    <Stack gap="medium">
      <Inline gap="small" alignY="bottom">
        <Button
          variant="secondary"
          onClick={() => replace(new Set(headsets.filter((h) => h.isOnline).map((h) => h.id)), null)}
        >
          {t('picker.allOnline')}
        </Button>
        <Button variant="ghost" onClick={() => replace(new Set(), null)} disabled={selected.size === 0}>
          {t('picker.none')}
        </Button>
        <Select
          label={t('picker.group')}
          placeholder={t('picker.choose')}
          value={chosen('group')}
          options={(groups.data?.results ?? []).map((group) => ({
            value: String(group.id),
            label: t('picker.groupOption', { name: group.name, count: group.devices.length }),
          }))}
          onChange={(event) => {
            const group = groups.data?.results.find((g) => String(g.id) === event.target.value);
            if (group) replace(only(group.devices), { kind: 'group', id: group.id });
          }}
        />
        <Select
          label={t('picker.playlist')}
          placeholder={t('picker.choose')}
          value={chosen('playlist')}
          options={playlistsOnHeadsets.map((playlist) => ({
            value: String(playlist.id),
            label: t('picker.playlistOption', { name: playlist.name, count: playlist.sdmDevices.length }),
          }))}
          onChange={(event) => {
            const playlist = playlistsOnHeadsets.find((p) => String(p.id) === event.target.value);
            if (playlist) replace(only(playlist.sdmDevices), { kind: 'playlist', id: playlist.id });
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
