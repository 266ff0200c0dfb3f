import type { Device } from '@portal/api';
import { Box, Button, Inline, Stack, Text } from '@portal/ui';
import { useState } from 'react';
import { COMMAND_LABELS } from '../../lib/commands.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import {
  BULK_ACTIONS,
  type BulkAction,
  bulkToast,
  bulkUnavailableReason,
  type ConfirmedAction,
  planBulk,
} from './bulkActions.ts';
import { DeviceConfirmDialog } from './DeviceConfirmDialog.tsx';
import { useBulkAction } from './deviceQueries.ts';

/**
 * The commands for the selected headsets; reboot, shutdown and update are asked first, naming the count. The bar is
 * there before anything is selected (its buttons say to select first), so that ticking the first headset does not
 * push the list down under the teacher's finger.
 */
export function BulkBar({ selected, onClear }: { selected: Device[]; onClear: () => void }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const [asking, setAsking] = useState<ConfirmedAction | null>(null);
  const label = (action: BulkAction) => tc(COMMAND_LABELS[action.command]);
  const run = useBulkAction({
    onSuccess(outcome, { action, plan }) {
      toasts.show(bulkToast({ t, tc, commandLabel: label(action) }, action, plan, outcome));
    },
    onError(error, { action }) {
      showFailure(error, `bulk ${action.id}`);
    },
    onSettled() {
      setAsking(null);
    },
  });
  const start = (action: BulkAction) => {
    if ('confirm' in action) setAsking(action);
    else run.mutate({ action, plan: planBulk(action, selected) });
  };
  return (
    <Box aria-label={t('bulk.label')} role="group">
      {/* The count on a line of its own and the buttons always there: a selection changes words, not the layout. */}
      <Stack gap="small">
        <Box aria-live="polite">
          <Text weight="semibold">
            {selected.length === 0 ? t('bulk.noneSelected') : t('bulk.selected', { count: selected.length })}
          </Text>
        </Box>
        <Inline gap="small" wrap>
          {BULK_ACTIONS.map((action) => {
            const plan = planBulk(action, selected);
            return (
              <Button
                key={action.id}
                variant="secondary"
                size="small"
                disabledReason={bulkUnavailableReason(t, plan)}
                loading={run.isPending && run.variables?.action.id === action.id}
                onClick={() => start(action)}
              >
                {label(action)}
              </Button>
            );
          })}
          <Button variant="ghost" size="small" disabled={selected.length === 0} onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Inline>
      </Stack>
      {asking && (
        <DeviceConfirmDialog
          onCancel={() => setAsking(null)}
          tone="destructive"
          title={t(`confirm.${asking.id}.title`, { count: planBulk(asking, selected).targets.length })}
          description={t(`confirm.${asking.id}.description`)}
          confirmLabel={label(asking)}
          confirming={run.isPending}
          confirmingLabel={t('confirm.sending')}
          onConfirm={() => run.mutate({ action: asking, plan: planBulk(asking, selected) })}
        />
      )}
    </Box>
  );
}
