import type { OperatingSystem } from '@portal/api';
import { isUpdatePending, type UpdateReceipt, type UpdateReceiptState } from '@portal/domain';
import {
  Box,
  Button,
  type DeviceStatus,
  Heading,
  Inline,
  ProgressBar,
  Stack,
  StatusDot,
  Text,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { type CommandOutcome, commandFailureText, receiptsQuery } from '../../lib/commands.ts';
import { HelpFixLink, helpFixOf } from '../../lib/HelpFixLink.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { rolloutReceipts } from './operatingSystemRules.ts';

/** Asked every second until every headset is back with its new version or has failed (an update takes minutes). */
const RECEIPTS_PENDING_MS = 1000;

/** The dot of each stage: on its way blue, back with the new version green, failed red. */
const STAGE_DOTS: Record<UpdateReceiptState, DeviceStatus> = {
  sent: 'syncing',
  arrived: 'syncing',
  downloading: 'syncing',
  installing: 'syncing',
  installed: 'syncing',
  restarted: 'online',
  failed: 'error',
};

export interface RolledOutHeadset {
  id: number;
  name: string;
}

function ReceiptLine({ name, receipt }: { name: string; receipt: UpdateReceipt }) {
  const { t } = useTranslation('operatingSystems');
  const { t: tc } = useTranslation();
  const help = receipt.reason ? helpFixOf(receipt.reason.code) : null;
  const state = t(`receipts.states.${receipt.state}`, {
    progress: receipt.progress ?? 0,
    version: receipt.version ?? '',
  });
  return (
    <li data-receipt={receipt.state}>
      <Stack gap="xsmall">
        <Inline gap="small" alignY="center">
          <Text as="span" weight="semibold">
            <bdi>{name}</bdi>
          </Text>
          <StatusDot status={STAGE_DOTS[receipt.state]} label={state} />
          {receipt.reason ? (
            <Text as="span" tone="muted">
              {commandFailureText(tc, receipt.reason)} {help ? <HelpFixLink fix={help} /> : null}
            </Text>
          ) : null}
        </Inline>
        {receipt.state === 'downloading' ? (
          <ProgressBar label={name} value={receipt.progress ?? 0} valueText={state} />
        ) : null}
      </Stack>
    </li>
  );
}

/**
 * The rollout's receipts (issue 23): every headset's stage, from what it reports — gesendet, angekommen, lädt herunter
 * n %, installiert, neu gestartet mit 5.3.0 — or why it failed, and how many run the new version.
 */
export function RolloutReceipts({
  image,
  headsets,
  outcomes,
  onAgain,
}: {
  image: Pick<OperatingSystem, 'version'>;
  headsets: readonly RolledOutHeadset[];
  outcomes: readonly CommandOutcome[];
  onAgain: () => void;
}) {
  const { t } = useTranslation('operatingSystems');
  const commandIds = outcomes.flatMap((outcome) => ('commandId' in outcome ? [outcome.commandId] : []));
  const query = useQuery({
    ...receiptsQuery(commandIds),
    enabled: commandIds.length > 0,
    refetchInterval: (current) => {
      const receipts = rolloutReceipts(outcomes, current.state.data?.results ?? [], image.version);
      return [...receipts.values()].some(isUpdatePending) ? RECEIPTS_PENDING_MS : false;
    },
    staleTime: 0,
  });
  const receipts = rolloutReceipts(outcomes, query.data?.results ?? [], image.version);
  const done = [...receipts.values()].filter((receipt) => receipt.state === 'restarted').length;
  return (
    <Box as="section" aria-labelledby="rollout-receipts">
      <Stack gap="medium">
        <Heading level={2} id="rollout-receipts">
          {t('receipts.title')}
        </Heading>
        <Box role="status">
          <Text>{t('receipts.summary', { done, total: outcomes.length, version: image.version })}</Text>
        </Box>
        <Box as="ul" aria-label={t('receipts.label')} display="grid" gap="small">
          {outcomes.map(({ headsetId }) => {
            const receipt = receipts.get(headsetId);
            const name = headsets.find((h) => h.id === headsetId)?.name ?? String(headsetId);
            return receipt ? <ReceiptLine key={headsetId} name={name} receipt={receipt} /> : null;
          })}
        </Box>
        <Inline>
          <Button variant="secondary" onClick={onAgain}>
            {t('rollout.again')}
          </Button>
        </Inline>
      </Stack>
    </Box>
  );
}
