import type { CommandName, CommandReceipt } from '@portal/api';
import { isolateBidi, isReceiptPending, receiptOf, startCommandFor, summariseReceipts } from '@portal/domain';
import { useIsMutating, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../lib/api.ts';
import { type CommandInput, type CommandOutcome, receiptsQuery, sendToHeadsets } from '../../lib/commands.ts';
import { toasts } from '../../lib/toasts.ts';
import { runningLessonsQuery } from './playbackQueries.ts';
import {
  type HeadsetReceipt,
  type LessonCopy,
  lessonContent,
  lessonCopyOf,
  type PlaybackView,
  type PlayingContent,
  playbackStore,
  type SessionHeadset,
  type StoppedLesson,
  usePlaybackView,
} from './playbackStore.ts';

/**
 * Ask the server this often while a page shows the lessons, so that a lesson started, paused or stopped on another
 * device shows here within 2 s: the wait for the next answer is this plus a round trip, and a busy browser's timers
 * run late (`npm run bench:lesson`: every 1.5 s, a pause showed after up to 3.2 s on a loaded machine).
 */
const LESSONS_POLL_MS = 1000;
/** The stop's receipts: every second while a headset has not answered, then every 3 s. */
const RECEIPTS_PENDING_MS = 1000;
const RECEIPTS_SETTLED_MS = 3000;

/**
 * The organisation's running lessons, as the server knows them (listRunningLessons, asked every second while the
 * caller is shown), and the lesson this browser stopped. Until the server answers, the stored copy stands in; every
 * answer replaces it (playbackStore.ts).
 */
export function useLessons(): PlaybackView & { loaded: boolean } {
  const query = useQuery({
    ...runningLessonsQuery,
    refetchInterval: LESSONS_POLL_MS,
  });
  const { data, dataUpdatedAt } = query;
  // While this browser sends a command, an answer asked for before it would undo what the page shows already (a pause,
  // a stop); each command asks again once the server has it, and that answer counts.
  const commanding = useIsMutating({ mutationKey: PLAYBACK_COMMAND }) > 0;
  useEffect(() => {
    if (!data || commanding) return;
    playbackStore.setLessons(data.results.map((lesson) => lessonCopyOf(lesson, dataUpdatedAt)));
  }, [data, dataUpdatedAt, commanding]);
  return { ...usePlaybackView(), loaded: query.isSuccess };
}

/**
 * The receipts of the stop (listCommandReceipts for each headset's stop command, every second while one has not
 * answered): 'Gestoppt auf 30 VR-Brillen' counts the headsets that report nothing of it running any more.
 */
export function useStopReceipts(stopped: StoppedLesson) {
  const commandIds = Object.values(stopped.commands);
  const query = useQuery({
    ...receiptsQuery(commandIds),
    enabled: commandIds.length > 0,
    refetchInterval: (current) => {
      const results = current.state.data?.results ?? [];
      const pending = results.some((r: CommandReceipt) =>
        isReceiptPending(receiptOf(r.command, r.device, stopped.content.uuid)),
      );
      return pending || results.length < commandIds.length ? RECEIPTS_PENDING_MS : RECEIPTS_SETTLED_MS;
    },
    staleTime: 0,
  });
  const byCommand = new Map((query.data?.results ?? []).map((r) => [r.command.id, r]));
  const receipts: HeadsetReceipt[] = stopped.headsets.map((headset) => {
    const refusal = stopped.refusals[String(headset.id)];
    if (refusal) return { headset, receipt: { state: 'failed', reason: refusal } };
    const commandId = stopped.commands[String(headset.id)];
    const found = commandId === undefined ? undefined : byCommand.get(commandId);
    return {
      headset,
      receipt: found ? receiptOf(found.command, found.device, stopped.content.uuid) : { state: 'sent' },
    };
  });
  return { receipts, summary: summariseReceipts(receipts.map((r) => r.receipt)) };
}

/** The key of every playback command's mutation (useLessons waits for them). */
const PLAYBACK_COMMAND = ['playback', 'command'];

/** One request for the headsets (lib/commands.ts). */
const sendTo = (headsets: readonly SessionHeadset[], input: CommandInput) =>
  sendToHeadsets(
    headsets.map((headset) => headset.id),
    input,
  );

/** The server's lessons again, at once: after a command, the page shows what the server made of it. */
const refreshLessons = () => queryClient.refetchQueries({ queryKey: runningLessonsQuery.queryKey });

/** The stop command each headset got, and why the server refused one. */
function stopOutcomes(outcomes: readonly CommandOutcome[]): Pick<StoppedLesson, 'commands' | 'refusals'> {
  const commands: StoppedLesson['commands'] = {};
  const refusals: StoppedLesson['refusals'] = {};
  for (const outcome of outcomes) {
    if ('commandId' in outcome) commands[String(outcome.headsetId)] = outcome.commandId;
    else refusals[String(outcome.headsetId)] = outcome.refusal;
  }
  return { commands, refusals };
}

/** A lesson's headsets as a new start takes them. */
const plainHeadsets = (headsets: readonly SessionHeadset[]): SessionHeadset[] =>
  headsets.map(({ id, name, serialNumber }) => ({ id, name, serialNumber }));

/** Starting, pausing, resuming, stopping and retrying, each a mutation (its isPending marks the bar busy). */
export function usePlaybackActions() {
  /** A new lesson: the server records it with the start; the page shows it once the server has answered. */
  const start = useMutation({
    mutationKey: PLAYBACK_COMMAND,
    mutationFn: async ({
      content,
      headsets,
      plan,
    }: {
      content: PlayingContent;
      headsets: SessionHeadset[];
      /** A lesson plan begun with its first step ('Beginnen'). */
      plan?: number;
    }) => {
      const outcomes = await sendTo(headsets, {
        command: startCommandFor(content.contentType),
        contentUuid: content.uuid,
        ...(plan === undefined ? {} : { lessonPlanStep: { plan, step: 1 } }),
      });
      // The server records a lesson unless it refused the start as a whole (then every headset carries that reason).
      const lessons = (await queryClient.fetchQuery(runningLessonsQuery)).results;
      const started = lessons.some((lesson) =>
        lesson.headsets.some((headset) => headset.device.id === headsets[0]?.id),
      );
      if (started) playbackStore.setStopped(null);
      return { outcomes, started };
    },
  });

  /**
   * TOGGLE.PAUSE with the lesson to every headset that has not failed (a failed one plays nothing to pause): the
   * server pauses or resumes the lesson for every device; this one shows it at once.
   */
  const togglePause = useMutation({
    mutationKey: PLAYBACK_COMMAND,
    mutationFn: async ({ lesson, receipts }: { lesson: LessonCopy; receipts: readonly HeadsetReceipt[] }) => {
      const targets = receipts.filter((r) => r.receipt.state !== 'failed').map((r) => r.headset);
      playbackStore.updateLesson(lesson.lessonId, (current) => ({ ...current, isPaused: !current.isPaused }));
      await sendTo(targets, { command: 'CMD.TOGGLE.PAUSE', lesson: lesson.lessonId });
      await refreshLessons();
    },
  });

  /**
   * Spec §4: STOP.RUNNING to every headset of the lesson; the server ends it, and this browser shows what became of
   * it ('Gestoppt auf 30 VR-Brillen', 'Nochmal starten'). A headset that is off has stopped anyway; any other refusal
   * is named, since that headset may still play.
   */
  const stop = useMutation({
    mutationKey: PLAYBACK_COMMAND,
    mutationFn: async (lesson: LessonCopy) => {
      const content = lessonContent(lesson);
      const outcomes = await sendTo(lesson.headsets, {
        command: 'CMD.STOP.RUNNING',
        lesson: lesson.lessonId,
      });
      const stopped: StoppedLesson | null = content && {
        stoppedAt: Date.now(),
        content,
        duration: lesson.duration,
        elapsed: lesson.currentTime,
        headsets: plainHeadsets(lesson.headsets),
        ...stopOutcomes(outcomes),
      };
      playbackStore.endLesson(lesson.lessonId, stopped);
      await refreshLessons();
      const stillPlaying = outcomes.flatMap((outcome) =>
        'refusal' in outcome && outcome.refusal.code !== 'offline'
          ? lesson.headsets.filter((h) => h.id === outcome.headsetId).map((h) => isolateBidi(h.name))
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

  /** 'Erneut versuchen': the start again within the lesson, for the headsets whose receipt failed. */
  const retry = useMutation({
    mutationKey: PLAYBACK_COMMAND,
    mutationFn: async ({ lesson, failed }: { lesson: LessonCopy; failed: readonly SessionHeadset[] }) => {
      const content = lessonContent(lesson);
      if (!content) return;
      await sendTo(failed, {
        command: startCommandFor(content.contentType) as CommandName,
        contentUuid: content.uuid,
        lesson: lesson.lessonId,
      });
      await refreshLessons();
    },
  });

  /**
   * 'Weiter' and 'Zurück' of a lesson plan: the step's item starts within the lesson on every headset of it (what
   * played stops there); the server moves the lesson to the step, so every screen shows it.
   */
  const goToStep = useMutation({
    mutationKey: PLAYBACK_COMMAND,
    mutationFn: async ({
      lesson,
      plan,
      step,
      content,
    }: {
      lesson: LessonCopy;
      plan: number;
      step: number;
      content: PlayingContent;
    }) => {
      const outcomes = await sendTo(lesson.headsets, {
        command: startCommandFor(content.contentType),
        contentUuid: content.uuid,
        lesson: lesson.lessonId,
        lessonPlanStep: { plan, step },
      });
      await refreshLessons();
      return outcomes;
    },
  });

  return { start, togglePause, stop, retry, goToStep };
}
