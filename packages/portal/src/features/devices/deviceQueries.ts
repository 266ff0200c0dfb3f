import { $api, apiClient } from '../../lib/api.ts';
import { answerOf } from '../../lib/serverErrors.ts';
import { type FleetView, fleetQueryOf } from './fleetView.ts';

/**
 * How the pages follow the headsets live: they ask the server again every 5 seconds while the tab is visible
 * (TanStack's refetchInterval; not in the background). We chose polling over server-sent events: the contract's
 * list and detail calls already carry everything, any proxy passes them, and a page is one indexed statement on the
 * server, so 50 teachers watching cost 10 small requests a second. A headset reports every 30 seconds and at once
 * after a change, so 5 seconds shows a change within a few seconds of the headset telling the server.
 */
export const LIVE_INTERVAL_MS = 5000;

const live = { refetchInterval: LIVE_INTERVAL_MS, refetchIntervalInBackground: false } as const;

/** Every headset list and detail, whatever the filters: the prefix to refresh after a command. */
export const devicesKey = $api.queryOptions('get', '/api/v3/mdm/devices/').queryKey;
/** Every page of one headset's command history: refreshed after a command. */
export const historyKeyOf = (id: number) =>
  $api.queryOptions('get', '/api/v2/mdm/devices/{id}/command/', { params: { path: { id } } }).queryKey;

/** One page of the fleet as the view asks for it; a refusal rejects with ServerRefusal. */
export function fleetQuery(view: FleetView) {
  const init = { params: { query: fleetQueryOf(view) } };
  return {
    ...$api.queryOptions('get', '/api/v3/mdm/devices/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v3/mdm/devices/', { ...init, signal })),
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
