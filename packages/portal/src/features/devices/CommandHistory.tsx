import type { DeviceCommand } from '@portal/api';
import { Badge, type BadgeTone, DataTable, type DataTableColumn, Stack, Text } from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMAND_LABELS } from '../../lib/commands.ts';
import { ListPagination } from '../../lib/ListPagination.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { commandHistoryQuery, HISTORY_PAGE_SIZE } from './deviceQueries.ts';
import { dateTimeText } from './deviceText.ts';

/** Each state of a command's lifecycle (queued → delivered → done | failed, or expired, interrupted) by its tone. */
const STATUS_TONES = {
  queued: 'neutral',
  delivered: 'info',
  done: 'positive',
  failed: 'critical',
  expired: 'warning',
  interrupted: 'warning',
} as const satisfies Record<DeviceCommand['status'], BadgeTone>;

/** The headset's command history (listDeviceCommandsLegacy): newest first, paged by the server, followed live. */
export function CommandHistory({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useQuery({ ...commandHistoryQuery(deviceId, page), placeholderData: keepPreviousData });
  if (history.isError) return <Text tone="critical">{t('history.error')}</Text>;
  const columns: DataTableColumn<DeviceCommand>[] = [
    {
      id: 'command',
      header: t('history.command'),
      rowHeader: true,
      cell: (command) => tc(COMMAND_LABELS[command.command]),
    },
    {
      id: 'status',
      header: t('history.status'),
      cell: (command) => (
        <Badge tone={STATUS_TONES[command.status]}>{t(`history.statuses.${command.status}`)}</Badge>
      ),
    },
    {
      id: 'sentAt',
      header: t('history.sentAt'),
      cell: (command) => dateTimeText(command.createdAt, i18n.language),
    },
    {
      id: 'finishedAt',
      header: t('history.finishedAt'),
      cell: (command) => dateTimeText(command.finishedAt, i18n.language),
    },
    { id: 'message', header: t('history.message'), cell: (command) => command.message ?? '' },
  ];
  const pages = Math.max(1, Math.ceil((history.data?.count ?? 0) / HISTORY_PAGE_SIZE));
  return (
    <Stack gap="small">
      <DataTable
        caption={t('history.caption')}
        hideCaption
        columns={columns}
        rows={history.data?.results ?? []}
        getRowId={(command) => String(command.id)}
        height="28rem"
        loading={history.isPending}
        loadingText={t('history.loading')}
        emptyText={t('history.empty')}
      />
      <ListPagination
        page={Math.min(page, pages)}
        pageCount={pages}
        label={t('history.pagination.label')}
        previousLabel={t('history.pagination.previous')}
        nextLabel={t('history.pagination.next')}
        onPageChange={setPage}
      />
    </Stack>
  );
}
