import type { Device } from '@portal/api';
import { Button, HeadsetTile, HeadsetTileList, Select, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { $api } from '../../lib/api.ts';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { LoadFailedState } from '../../lib/LoadFailedState.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { AttentionControls } from './AttentionControls.tsx';
import { selectionAfterClick, tileOf } from './classroomTiles.ts';

/**
 * Asked this often while the page shows: a headset reports at once after a change, so a tile follows it within two
 * seconds (the fleet page's polling, faster: one class set is one small page).
 */
export const CLASSROOM_REFRESH_MS = 1000;

/** A group id of the URL (`?group=`), as the contract allows it; anything else shows every headset. */
function groupOf(params: URLSearchParams): number | undefined {
  const value = params.get('group');
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

function classroomQuery(group: number | undefined) {
  return {
    ...$api.queryOptions('get', '/api/v3/mdm/devices/', {
      params: { query: { page_size: 1000, ordering: 'name', ...(group === undefined ? {} : { group }) } },
    }),
    refetchInterval: CLASSROOM_REFRESH_MS,
    refetchIntervalInBackground: false,
  };
}

/** The running lessons' content durations by uuid: a tile's progress is the position against it. */
const lessonsQuery = { ...$api.queryOptions('get', '/api/v3/mdm/lessons/'), refetchInterval: 5000 };

/**
 * /dashboard/classroom (issue 26): the Klassenansicht. One tile per headset of the caller's organisations or of one
 * group (`?group=`), live; tiles are selected by click, Shift-click or 'Alle' and commanded with the fleet page's bar,
 * and 'Alle Blicke nach vorn' reaches the selection or the whole class.
 */
export function ClassroomPage({
  bulkBar,
}: {
  /** The fleet page's commands for the selection (the app passes the devices feature's bar: ClassroomRoute.tsx). */
  bulkBar: (selected: Device[], onClear: () => void) => ReactNode;
}) {
  const { t } = useTranslation('devices');
  const [params, setParams] = useSearchParams();
  const group = groupOf(params);
  const list = useQuery(classroomQuery(group));
  const groups = useQuery(deviceGroupsQuery);
  const lessons = useQuery(lessonsQuery);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Another class: what was selected belongs to the one before.
  useEffect(() => {
    void group;
    setSelectedIds(new Set());
    setAnchor(null);
  }, [group]);
  // The status picture compares the last sign of life with the clock: it moves on between answers too.
  const updatedAt = list.dataUpdatedAt;
  useEffect(() => setNow(Math.max(Date.now(), updatedAt)), [updatedAt]);

  const devices: Device[] = list.data?.results ?? [];
  const order = devices.map((device) => device.id);
  const selected = devices.filter((device) => selectedIds.has(device.id));
  const durations = useMemo(
    () =>
      new Map(
        (lessons.data?.results ?? []).flatMap(({ content }) =>
          content.duration === null ? [] : [[content.uuid, content.duration] as const],
        ),
      ),
    [lessons.data],
  );
  const groupName = groups.data?.results.find((each) => each.id === group)?.name;

  let body: React.ReactNode;
  if (list.isError) {
    body = (
      <LoadFailedState
        title={t('error.title')}
        description={t('error.description')}
        retryLabel={t('error.retry')}
        query={list}
      />
    );
  } else if (list.isPending) {
    body = <Text tone="muted">{t('loading')}</Text>;
  } else if (devices.length === 0) {
    body = <Text tone="muted">{t('classroom.empty')}</Text>;
  } else {
    body = (
      <HeadsetTileList aria-label={t('classroom.listLabel')}>
        {devices.map((device) => (
          <HeadsetTile
            key={device.id}
            {...tileOf(t, device, now, durations)}
            selected={selectedIds.has(device.id)}
            onSelectedChange={(on, { range }) => {
              setSelectedIds(selectionAfterClick(order, selectedIds, anchor, device.id, on, range));
              setAnchor(device.id);
            }}
          />
        ))}
      </HeadsetTileList>
    );
  }

  return (
    <Stack gap="medium">
      <Stack gap="xsmall">
        <PageHeading>
          {groupName ? t('classroom.titleGroup', { group: groupName }) : t('classroom.title')}
        </PageHeading>
        <Text tone="muted">{t('classroom.intro')}</Text>
      </Stack>
      <AttentionControls
        selected={selected}
        all={devices}
        leading={
          <>
            <Select
              label={t('classroom.group')}
              value={group === undefined ? '' : String(group)}
              options={[
                { value: '', label: t('classroom.allHeadsets') },
                ...(groups.data?.results ?? []).map((each) => ({ value: String(each.id), label: each.name })),
              ]}
              onChange={(event) =>
                setParams(event.target.value ? { group: event.target.value } : {}, { replace: true })
              }
            />
            <Button
              variant="secondary"
              disabled={devices.length === 0 || selected.length === devices.length}
              onClick={() => setSelectedIds(new Set(order))}
            >
              {t('classroom.selectAll')}
            </Button>
          </>
        }
      >
        {body}
      </AttentionControls>
      {bulkBar(selected, () => setSelectedIds(new Set()))}
    </Stack>
  );
}
