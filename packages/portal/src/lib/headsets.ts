import { $api, apiClient } from './api.ts';
import { answerOf } from './serverErrors.ts';

/**
 * The organisation's headsets and groups as more than one feature asks for them (playback, groups, devices,
 * playlists): their queries with their keys, and the sync queue they share.
 */

/** Every headset list and detail, whatever the filters: the prefix to refresh after a command, a sync or an activation. */
export const headsetListsKey = $api.queryOptions('get', '/api/v3/mdm/devices/').queryKey;

/**
 * Every headset of the caller's organisations in one list (a class set, a lending case: listDevices takes up to
 * 1000 a page), by name: what the headset picker and the group form offer. Callers that follow the headsets live
 * (online, battery) pass a `refetchInterval`.
 */
export const organisationHeadsetsQuery = $api.queryOptions('get', '/api/v3/mdm/devices/', {
  params: { query: { page_size: 1000, ordering: 'name' } },
});

/** The groups of the caller's organisations (Gruppierungen), by name; one page holds them all. */
export const deviceGroupsQuery = $api.queryOptions('get', '/api/v3/mdm/device-groups/', {
  params: { query: { page_size: 1000 } },
});

/** Every cached group list, whatever its page or search: the prefix to invalidate after a group changed. */
export const deviceGroupListsKey = $api.queryOptions('get', '/api/v3/mdm/device-groups/').queryKey;

/** One group (its detail page, the picker's group choice). */
export const deviceGroupQuery = (id: number) =>
  $api.queryOptions('get', '/api/v3/mdm/device-groups/{id}/', { params: { path: { id } } });

/**
 * Queues a sync of their playlist on the headsets (queueDeviceSync); answers with the server's German confirmation.
 * What it makes stale is the caller's: the readiness check, the headsets of a playlist.
 */
export function queueSync(deviceIds: readonly number[]) {
  return answerOf(apiClient.POST('/api/v3/mdm/devices/sync-queue/', { body: { devices: [...deviceIds] } }));
}
