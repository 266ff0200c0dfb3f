import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { $api, type MutationReactions, queryClient } from '../../lib/api.ts';
import { type CommandOutcome, sendToHeadsets } from '../../lib/commands.ts';
import { queueSync } from '../../lib/headsets.ts';
import { addHeadsetsToPlaylist, changePlaylistItem } from '../../lib/playlists.ts';
import type { FixPlan } from './readinessPlan.ts';

/**
 * Playback's server state: its queries with their keys and the fixes of the readiness check. The content, a group's
 * and a playlist's headsets come from lib/ (contentQueries.ts, headsets.ts, playlists.ts); starting, pausing and
 * stopping are the running lessons' (usePlayback.ts, through sendToHeadsets of lib/commands.ts).
 */

/**
 * The running lessons of the caller's organisations (listRunningLessons); usePlayback.ts asks every second while a page
 * shows them and keeps the browser's copy (playbackStore.ts).
 */
export const runningLessonsQuery = {
  ...$api.queryOptions('get', '/api/v3/mdm/lessons/'),
  staleTime: 0,
};

/** Asked again this often while the readiness panel shows, so online state, battery and a fix's progress stay current. */
const READINESS_REFRESH_MS = 3000;

/**
 * 'Ist meine Klasse startklar?' for the ticked headsets and the content (checkDeviceReadiness), asked every 3 s. While
 * the check of a changed selection runs, the last answer stays on screen (the panel does not jump); the start waits
 * for the answer that fits the selection (readinessPlan.ts).
 */
export function readinessQuery(deviceIds: number[], contentUuid: string) {
  return {
    ...$api.queryOptions('post', '/api/v3/mdm/devices/readiness/', {
      body: { devices: deviceIds, contentUuid },
    }),
    enabled: deviceIds.length > 0,
    refetchInterval: READINESS_REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  };
}

/**
 * What the fixes are for: the headsets, the checked items (one, or every step of a lesson plan) and, per playlist
 * that lacks them, the items 'Zur aktiven Wiedergabeliste hinzufügen' adds.
 */
export interface ReadinessFixTarget {
  deviceIds: number[];
  contentUuids: string[];
  contentsFor: (playlistId: number) => number[];
}

/** What became of the fixes of one click: the calls that failed, and the headsets refused an update (with why). */
export interface FixOutcome {
  failures: { during: string; error: unknown }[];
  updates: CommandOutcome[];
}

/**
 * Runs a readiness fix plan at once, every call side by side (issue 22: 'Alles beheben'): the sync queue, CMD.UPDATE
 * through sendToHeadsets, the content added to each active playlist that lacks it (which queues that playlist's
 * syncs), the headsets added to a playlist that holds it. A failed call does not stop the others; the check is asked
 * again without waiting for it.
 */
export function useReadinessFixes(
  check: ReadinessFixTarget,
  reactions?: MutationReactions<FixOutcome, FixPlan>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(plan: FixPlan): Promise<FixOutcome> {
      const calls: { during: string; run: () => Promise<unknown> }[] = [];
      if (plan.sync.length > 0) calls.push({ during: 'queueDeviceSync', run: () => queueSync(plan.sync) });
      for (const [playlistId, ids] of plan.activatePlaylist) {
        calls.push({ during: 'activateConfiguration', run: () => addHeadsetsToPlaylist(playlistId, ids) });
      }
      for (const playlistId of plan.addToPlaylist.keys()) {
        // One after the other within a playlist: each addition locks it on the server anyway.
        const contentIds = check.contentsFor(playlistId);
        calls.push({
          during: 'addConfigurationContent',
          run: async () => {
            for (const contentId of contentIds) await changePlaylistItem(playlistId, 'add', contentId);
          },
        });
      }
      const updates = sendToHeadsets(plan.update, { command: 'CMD.UPDATE' });
      const settled = await Promise.allSettled(calls.map((call) => call.run()));
      const outcome: FixOutcome = {
        failures: settled.flatMap((result, i) =>
          result.status === 'rejected' ? [{ during: calls[i]?.during ?? '', error: result.reason }] : [],
        ),
        updates: await updates,
      };
      for (const contentUuid of check.contentUuids) {
        void queryClient.invalidateQueries({
          queryKey: readinessQuery(check.deviceIds, contentUuid).queryKey,
        });
      }
      return outcome;
    },
  });
}
