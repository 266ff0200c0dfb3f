import type { CommandName, CommandReceipt } from '@portal/api';
import {
  isolateBidi,
  isReceiptPending,
  type Receipt,
  receiptOf,
  startCommandFor,
  summariseReceipts,
} from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type CommandOutcome, receiptsQuery, sendToHeadsets } from '../../lib/commands.ts';
import { toasts } from '../../lib/toasts.ts';
import {
  type PlaybackSession,
  type PlayingContent,
  playbackStore,
  type SessionHeadset,
  sessionContent,
} from './playbackStore.ts';

/** Poll fast while a headset has not answered yet, slower while all have (to see one go offline or end). */
const RECEIPTS_PENDING_MS = 1000;
const RECEIPTS_SETTLED_MS = 3000;

/** The session with each headset's latest command or refusal. */
function withOutcomes(session: PlaybackSession, outcomes: readonly CommandOutcome[]): PlaybackSession {
  const commands = { ...session.commands };
  const refusals = { ...session.refusals };
  for (const outcome of outcomes) {
    const key = String(outcome.headsetId);
    if ('commandId' in outcome) {
      commands[key] = outcome.commandId;
      delete refusals[key];
    } else {
      refusals[key] = outcome.refusal;
      delete commands[key];
    }
  }
  return { ...session, commands, refusals };
}

/** One request for the headsets (lib/commands.ts), the content's for a start. */
const sendTo = (headsets: readonly SessionHeadset[], command: CommandName, contentUuid?: string) =>
  sendToHeadsets(
    headsets.map((headset) => headset.id),
    { command, contentUuid },
  );

export interface HeadsetReceipt {
  headset: SessionHeadset;
  receipt: Receipt;
}

/**
 * Each headset's receipt, from what the headsets report (listCommandReceipts, polled every second while one has not
 * answered): a refused call is failed with the server's reason, a command not seen yet counts as sent.
 */
export function useReceipts(session: PlaybackSession) {
  const commandIds = Object.values(session.commands);
  const contentUuid = sessionContent(session)?.uuid ?? '';
  const query = useQuery({
    ...receiptsQuery(commandIds),
    enabled: commandIds.length > 0,
    refetchInterval: (current) => {
      const results = current.state.data?.results ?? [];
      const pending = results.some((r: CommandReceipt) =>
        isReceiptPending(receiptOf(r.command, r.device, contentUuid)),
      );
      return pending || results.length < commandIds.length ? RECEIPTS_PENDING_MS : RECEIPTS_SETTLED_MS;
    },
    staleTime: 0,
  });
  const byCommand = new Map((query.data?.results ?? []).map((r) => [r.command.id, r]));
  const receipts: HeadsetReceipt[] = session.headsets.map((headset) => {
    const refusal = session.refusals[String(headset.id)];
    if (refusal) return { headset, receipt: { state: 'failed', reason: refusal } };
    const commandId = session.commands[String(headset.id)];
    const found = commandId === undefined ? undefined : byCommand.get(commandId);
    return {
      headset,
      receipt: found ? receiptOf(found.command, found.device, contentUuid) : { state: 'sent' },
    };
  });
  return { receipts, summary: summariseReceipts(receipts.map((r) => r.receipt)) };
}

/** Starting, pausing, resuming, stopping and retrying, each a mutation (its isPending marks the bar busy). */
export function usePlaybackActions() {
  const start = useMutation({
    mutationFn: async ({
      content,
      duration,
      headsets,
    }: {
      content: PlayingContent;
      /** Seconds of a video, null when unknown (apps, web apps). */
      duration: number | null;
      headsets: SessionHeadset[];
    }) => {
      const now = Date.now();
      // Spec §4: playing becomes true at once; the receipts tell what each headset makes of it.
      playbackStore.set({
        isPlaying: true,
        isPaused: false,
        currentTime: 0,
        duration,
        updatedAt: now,
        currentApp: content.contentType === 'video' ? null : content,
        currentVideo: content.contentType === 'video' ? content : null,
        headsets,
        commands: {},
        refusals: {},
      });
      const outcomes = await sendTo(headsets, startCommandFor(content.contentType), content.uuid);
      playbackStore.update((session) => withOutcomes(session, outcomes));
    },
  });

  /** TOGGLE.PAUSE to every headset that has not failed (a failed one plays nothing to pause). */
  const togglePause = useMutation({
    mutationFn: async (receipts: readonly HeadsetReceipt[]) => {
      const targets = receipts.filter((r) => r.receipt.state !== 'failed').map((r) => r.headset);
      playbackStore.update((session) => ({ ...session, isPaused: !session.isPaused }));
      const outcomes = await sendTo(targets, 'CMD.TOGGLE.PAUSE');
      playbackStore.update((session) => withOutcomes(session, outcomes));
    },
  });

  /**
   * Spec §4: STOP.RUNNING to every headset, then the state, the headset list and the stored state are reset. A
   * headset that is off has stopped anyway; any other refusal is named, since that headset may still play.
   */
  const stop = useMutation({
    mutationFn: async () => {
      const session = playbackStore.get();
      if (!session) return;
      const outcomes = await sendTo(session.headsets, 'CMD.STOP.RUNNING');
      playbackStore.set(null);
      const stillPlaying = outcomes.flatMap((outcome) =>
        'refusal' in outcome && outcome.refusal.code !== 'offline'
          ? session.headsets.filter((h) => h.id === outcome.headsetId).map((h) => isolateBidi(h.name))
          : [],
      );
      if (stillPlaying.length > 0) {
        toasts.show({
          tone: 'warning',
          title: 'playback:running.stopIncomplete.title',
          description: 'playback:running.stopIncomplete.description',
          descriptionValues: { names: stillPlaying.join(', ') },
        });
      }
    },
  });

  /** 'Erneut versuchen': the start again, for the headsets whose receipt failed. */
  const retry = useMutation({
    mutationFn: async (failed: readonly SessionHeadset[]) => {
      const session = playbackStore.get();
      const content = session && sessionContent(session);
      if (!content) return;
      const outcomes = await sendTo(failed, startCommandFor(content.contentType), content.uuid);
      playbackStore.update((session) => withOutcomes(session, outcomes));
    },
  });

  return { start, togglePause, stop, retry };
}
