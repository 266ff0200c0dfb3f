import type { Device, DeviceEnrolment, DeviceEnrolRequest, DeviceCommand as SentCommand } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import { $api, apiClient, type MutationReactions, queryClient } from '../../lib/api.ts';
import { type CommandInput, sendCommand, sendToHeadsets } from '../../lib/commands.ts';
import { headsetListsKey } from '../../lib/headsets.ts';
import { adoptPrefetched, prefetchRegistry } from '../../lib/prefetch.ts';
import { answerOf, expectSuccess } from '../../lib/serverErrors.ts';
import { session } from '../../lib/session.ts';
import type { BulkOutcome, BulkRequest } from './bulkActions.ts';
import { type FleetView, fleetQueryOf, isDefaultFleetView } from './fleetView.ts';

/**
 * The VR-Brillen's server state: their queries with their keys and their changes with what they make stale. The
 * prefix of every headset list is shared with the playlists (lib/headsets.ts); commands go through lib/commands.ts,
 * one headset's (`useSendCommand`) and the selection's of the fleet page (`useBulkAction`, planned in bulkActions.ts).
 */

/**
 * How the pages follow the headsets live: they ask the server again every 5 seconds while the tab is visible
 * (TanStack's refetchInterval; not in the background). We chose polling over server-sent events: the contract's
 * list and detail calls already carry everything, any proxy passes them, and a page is one indexed statement on the
 * server, so 50 teachers watching cost 10 small requests a second. A headset reports every 30 seconds and at once
 * after a change, so 5 seconds shows a change within a few seconds of the headset telling the server.
 */
export const LIVE_INTERVAL_MS = 5000;

const live = { refetchInterval: LIVE_INTERVAL_MS, refetchIntervalInBackground: false } as const;

/** Every page of one headset's command history: refreshed after a command. */
export const historyKeyOf = (id: number) =>
  $api.queryOptions('get', '/api/v2/mdm/devices/{id}/command/', { params: { path: { id } } }).queryKey;

/**
 * One page of the fleet as the view asks for it; a refusal rejects with ServerRefusal. The default view's first run
 * adopts the request the inline script in index.html started on /dashboard/devices (lib/prefetchScript.js), the only
 * one it makes; the live refreshes after it ask the server.
 */
export function fleetQuery(view: FleetView) {
  const init = { params: { query: fleetQueryOf(view) } };
  const fetchPage = ({ signal }: { signal: AbortSignal }) =>
    answerOf(apiClient.GET('/api/v3/mdm/devices/', { ...init, signal }));
  return {
    ...$api.queryOptions('get', '/api/v3/mdm/devices/', init),
    queryFn: isDefaultFleetView(view)
      ? adoptPrefetched(() => prefetchRegistry.takeFleet(session.getAccessToken()), fetchPage)
      : fetchPage,
    ...live,
  };
}

export function deviceQuery(id: number) {
  const init = { params: { path: { id } } };
  return {
    ...$api.queryOptions('get', '/api/v3/mdm/devices/{id}/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v3/mdm/devices/{id}/', { ...init, signal })),
    ...live,
  };
}

/** Commands per page of the history (newest first). */
export const HISTORY_PAGE_SIZE = 10;

export function commandHistoryQuery(id: number, page: number) {
  const init = { params: { path: { id }, query: { page, page_size: HISTORY_PAGE_SIZE } } };
  return {
    ...$api.queryOptions('get', '/api/v2/mdm/devices/{id}/command/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v2/mdm/devices/{id}/command/', { ...init, signal })),
    ...live,
  };
}

/** The caller's organisations' playlists, by id, for the names of the headsets' active playlists and the filter. */
export const playlistNamesQuery = {
  ...$api.queryOptions('get', '/api/v2/mdm/device-configurations/', {
    params: { query: { page_size: 100, ordering: 'name' } },
  }),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    answerOf(
      apiClient.GET('/api/v2/mdm/device-configurations/', {
        params: { query: { page_size: 100, ordering: 'name' } },
        signal,
      }),
    ),
  staleTime: 60_000,
};

/** After a command or a change of one headset: it, its history and every headset list are asked again. */
async function deviceChanged(id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: deviceQuery(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: historyKeyOf(id) }),
    queryClient.invalidateQueries({ queryKey: headsetListsKey }),
  ]);
}

/** One command to this headset (sendDeviceCommand); the page follows the result live, refused or not. */
export function useSendCommand(device: Device, reactions?: MutationReactions<SentCommand, CommandInput>) {
  return useMutation({
    ...reactions,
    async mutationFn(input: CommandInput) {
      try {
        return await sendCommand(device, input);
      } finally {
        await deviceChanged(device.id);
      }
    },
  });
}

/** What an administrator does with a headset: a new pairing code, unpairing it, removing it with its history. */
export type DeviceAdministrationAction = 'renew' | 'unpair' | 'remove';

/** Runs an administrator's action; a new pairing code is the answer of 'renew' (null otherwise). */
export function useDeviceAdministration(
  id: number,
  reactions?: MutationReactions<DeviceEnrolment | null, DeviceAdministrationAction>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(action: DeviceAdministrationAction): Promise<DeviceEnrolment | null> {
      const path = { params: { path: { id } } };
      let enrolment: DeviceEnrolment | null = null;
      if (action === 'renew')
        enrolment = await answerOf(apiClient.POST('/api/v3/mdm/devices/{id}/enrolment-code/', path));
      else if (action === 'unpair')
        await expectSuccess(apiClient.DELETE('/api/v3/mdm/devices/{id}/token/', path));
      else await expectSuccess(apiClient.DELETE('/api/v3/mdm/devices/{id}/', path));
      await queryClient.invalidateQueries({ queryKey: headsetListsKey });
      // A removed headset is not asked for again: it is gone.
      if (action !== 'remove') await queryClient.invalidateQueries({ queryKey: deviceQuery(id).queryKey });
      return enrolment;
    },
  });
}

/** 'VR-Brille hinzufügen': answers with the pairing code to enter on the headset; the lists are asked again. */
export function useEnrolDevice(reactions?: MutationReactions<DeviceEnrolment, DeviceEnrolRequest>) {
  return useMutation({
    ...reactions,
    async mutationFn(body: DeviceEnrolRequest) {
      const enrolment = await answerOf(apiClient.POST('/api/v3/mdm/devices/', { body }));
      await queryClient.invalidateQueries({ queryKey: headsetListsKey });
      return enrolment;
    },
  });
}

/**
 * Carries a fleet page action out for the plan's targets in one request: the sync queues (all or none; a refusal
 * rejects) or the command queue through `sendToHeadsets`, which answers per headset.
 */
async function runBulk({ action, plan }: BulkRequest): Promise<BulkOutcome> {
  const devices = plan.targets.map((device) => device.id);
  if ('queue' in action) {
    return { kind: 'queued', queued: await answerOf(apiClient.POST(action.queue, { body: { devices } })) };
  }
  return { kind: 'sent', outcomes: await sendToHeadsets(devices, { command: action.command }) };
}

/** An action for the fleet page's selection; every headset list is asked again afterwards, sent or refused. */
export function useBulkAction(reactions?: MutationReactions<BulkOutcome, BulkRequest>) {
  return useMutation({
    ...reactions,
    async mutationFn(request: BulkRequest) {
      try {
        return await runBulk(request);
      } finally {
        await queryClient.invalidateQueries({ queryKey: headsetListsKey });
      }
    },
  });
}
