import { useMutation } from '@tanstack/react-query';
import { $api, type MutationReactions, queryClient } from '../../lib/api.ts';
import { type CommandOutcome, sendToHeadsets } from '../../lib/commands.ts';
import { queueSync } from '../../lib/headsets.ts';

/**
 * Playback's server state: its queries with their keys and the fixes of the readiness check. The content, a group's
 * and a playlist's headsets come from lib/ (contentQueries.ts, headsets.ts, playlists.ts); starting, pausing and
 * stopping are the running playback's (usePlayback.ts, through sendToHeadsets of lib/commands.ts).
 */

/** Asked again this often while the readiness panel shows, so online state, battery and a fix's progress stay current. */
const READINESS_REFRESH_MS = 3000;

/** 'Ist meine Klasse startklar?' for the ticked headsets and the content (checkDeviceReadiness), asked every 3 s. */
export function readinessQuery(deviceIds: number[], contentUuid: string) {
  return {
    ...$api.queryOptions('post', '/api/v3/mdm/devices/readiness/', {
      body: { devices: deviceIds, contentUuid },
    }),
    enabled: deviceIds.length > 0,
    refetchInterval: READINESS_REFRESH_MS,
    staleTime: 0,
  };
}

/**
 * The readiness fix 'synchronisieren' (the sync queue) for some of the checked headsets; the check is asked again
 * without waiting for it.
 */
export function useSyncFix(
  check: { deviceIds: number[]; contentUuid: string },
  reactions?: MutationReactions<Awaited<ReturnType<typeof queueSync>>, number[]>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(deviceIds: number[]) {
      const queued = await queueSync(deviceIds);
      void queryClient.invalidateQueries({
        queryKey: readinessQuery(check.deviceIds, check.contentUuid).queryKey,
      });
      return queued;
    },
  });
}

/**
 * The readiness fix 'Software aktualisieren': CMD.UPDATE to the headsets in one request (sendToHeadsets), answered
 * per headset: queued, or refused with its reason.
 */
export function useUpdateFix(reactions?: MutationReactions<CommandOutcome[], number[]>) {
  return useMutation({
    ...reactions,
    mutationFn: (deviceIds: number[]) => sendToHeadsets(deviceIds, { command: 'CMD.UPDATE' }),
  });
}
