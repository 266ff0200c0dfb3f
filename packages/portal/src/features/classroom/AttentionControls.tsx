import type { Device } from '@portal/api';
import { ATTENTION_MESSAGE_MAX_LENGTH, attentionReceiptOf, isolateBidi } from '@portal/domain';
import { Box, Button, Inline, Stack, Text, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { commandFailureText, receiptsQuery } from '../../lib/commands.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { type AttentionSent, useAttention } from './attentionQueries.ts';

/** The shortcuts, as aria-keyshortcuts writes them; the button shows them in the user's words. */
export const ATTENTION_SHORTCUT = 'Alt+Shift+A';
export const RESUME_SHORTCUT = 'Alt+Shift+W';

/** How often the receipts are asked again while a headset has not answered. */
const RECEIPTS_REFRESH_MS = 1000;

function matchesShortcut(event: KeyboardEvent, key: string): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === `Key${key}`;
}

/**
 * 'Alle Blicke nach vorn' and 'Weitermachen' for the selected headsets, or the whole class when none is selected:
 * one request each, the teacher's own message optional, a shortcut on each (shown on the button), and the receipts of
 * every headset as for playback ('pausiert und stummgeschaltet' where the server fell back to pause + mute). The
 * page's own controls (`leading`) share the row of buttons and its tiles (`children`) come between the buttons and
 * the receipts, so that 30 tiles fit on a 1280 × 800 screen under the buttons.
 */
export function AttentionControls({
  selected,
  all,
  leading,
  children,
}: {
  selected: readonly Device[];
  all: readonly Device[];
  leading: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState<AttentionSent | null>(null);
  // 'Weitermachen' goes to the headsets that got the attention, whatever is selected since.
  const [lastTargets, setLastTargets] = useState<number[]>([]);
  const attention = useAttention({
    onSuccess(result, request) {
      setSent(result);
      if (!request.ending) setLastTargets([...request.headsetIds]);
    },
    onError(error) {
      showFailure(error, 'attention');
    },
  });
  const targets = selected.length > 0 ? selected : all;
  const send = (ending: boolean) => {
    const headsetIds = ending && lastTargets.length > 0 ? lastTargets : targets.map((device) => device.id);
    if (headsetIds.length === 0 || attention.isPending) return;
    attention.mutate({ ending, headsetIds, message });
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (matchesShortcut(event, 'A')) sendRef.current(false);
      else if (matchesShortcut(event, 'W')) sendRef.current(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const whom =
    selected.length > 0
      ? t('classroom.attention.toSelected', { count: selected.length })
      : t('classroom.attention.toClass', { count: all.length });
  return (
    <Stack gap="small">
      <Inline gap="small" wrap alignY="bottom">
        {leading}
        <TextField
          label={t('classroom.attention.messageLabel')}
          placeholder={t('classroom.attention.defaultMessage')}
          maxLength={ATTENTION_MESSAGE_MAX_LENGTH}
          size={40}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <Box role="group" aria-label={tc('commands.attention')}>
          <Inline gap="small" wrap>
            <Button
              variant="primary"
              aria-keyshortcuts={ATTENTION_SHORTCUT}
              disabled={targets.length === 0}
              loading={attention.isPending && !attention.variables?.ending}
              onClick={() => send(false)}
            >
              {tc('commands.attention')} <kbd>{t('classroom.attention.shortcut')}</kbd>
            </Button>
            <Button
              variant="secondary"
              aria-keyshortcuts={RESUME_SHORTCUT}
              disabled={targets.length === 0 && lastTargets.length === 0}
              loading={attention.isPending && attention.variables?.ending === true}
              onClick={() => send(true)}
            >
              {tc('commands.attentionEnd')} <kbd>{t('classroom.attention.resumeShortcut')}</kbd>
            </Button>
          </Inline>
        </Box>
      </Inline>
      <Text tone="muted" size="small">
        {whom} {t('classroom.attention.messageHint', { max: ATTENTION_MESSAGE_MAX_LENGTH })}
      </Text>
      {children}
      {sent && <AttentionReceipts sent={sent} devices={all} />}
    </Stack>
  );
}

/** Each headset's answer to the last attention or 'Weitermachen', asked again while any is on its way. */
function AttentionReceipts({ sent, devices }: { sent: AttentionSent; devices: readonly Device[] }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const commandIds = sent.outcomes.flatMap((outcome) => ('commandId' in outcome ? [outcome.commandId] : []));
  const receipts = useQuery({
    ...receiptsQuery(commandIds),
    enabled: commandIds.length > 0,
    refetchInterval: (query) => {
      const results = query.state.data?.results ?? [];
      const open = results.some((r) => r.command.status === 'queued' || r.command.status === 'delivered');
      return open || results.length < commandIds.length ? RECEIPTS_REFRESH_MS : false;
    },
  });
  const byCommand = new Map((receipts.data?.results ?? []).map((receipt) => [receipt.command.id, receipt]));
  const nameOf = (id: number) => devices.find((device) => device.id === id)?.name ?? String(id);
  return (
    <Stack gap="xsmall">
      <Text weight="semibold">
        {sent.ending ? t('classroom.attention.receiptsEnd') : t('classroom.attention.receipts')}
      </Text>
      <ul aria-label={t('classroom.attention.receiptsLabel')} style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {sent.outcomes.map((outcome) => {
          let word: string;
          if ('refusal' in outcome) {
            word = t('classroom.receipt.failed', { reason: commandFailureText(tc, outcome.refusal) });
          } else {
            const receipt = byCommand.get(outcome.commandId);
            if (!receipt) word = t('classroom.receipt.sent');
            else {
              const state = attentionReceiptOf(receipt.command, receipt.device, sent.ending);
              word =
                state.state === 'failed'
                  ? t('classroom.receipt.failed', {
                      reason: state.message ?? tc('commandFailures.offline'),
                    })
                  : t(`classroom.receipt.${state.state}`);
            }
          }
          return (
            <li key={outcome.headsetId} data-headset={outcome.headsetId}>
              <Text size="small">
                {isolateBidi(nameOf(outcome.headsetId))}: {word}
              </Text>
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
