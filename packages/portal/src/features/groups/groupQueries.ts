import type { DeviceGroup } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type MutationReactions, queryClient } from '../../lib/api.ts';
import { deviceGroupListsKey, deviceGroupQuery } from '../../lib/headsets.ts';
import { answerOf, expectSuccess } from '../../lib/serverErrors.ts';

/**
 * The Gruppierungen's changes with what they make stale. The groups' queries and keys are in lib/headsets.ts: the
 * headset picker of playback and the device list filter by group too.
 */

/** What a group is made of. */
export interface GroupBody {
  name: string;
  devices: number[];
}

/** Creates a group (no `stored`) or replaces the name and headsets of `stored`; answers with the saved group. */
export function useSaveGroup(
  stored: DeviceGroup | null,
  reactions?: MutationReactions<DeviceGroup, GroupBody>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(body: GroupBody) {
      const saved = await answerOf(
        stored
          ? apiClient.PUT('/api/v3/mdm/device-groups/{id}/', { params: { path: { id: stored.id } }, body })
          : apiClient.POST('/api/v3/mdm/device-groups/', { body }),
      );
      await queryClient.invalidateQueries({ queryKey: deviceGroupListsKey });
      queryClient.setQueryData(deviceGroupQuery(saved.id).queryKey, saved);
      return saved;
    },
  });
}

/** Deletes the group (its headsets stay); it leaves the cache. */
export function useDeleteGroup(id: number, reactions?: MutationReactions<void>) {
  return useMutation({
    ...reactions,
    async mutationFn() {
      await expectSuccess(apiClient.DELETE('/api/v3/mdm/device-groups/{id}/', { params: { path: { id } } }));
      await queryClient.invalidateQueries({ queryKey: deviceGroupListsKey });
      queryClient.removeQueries({ queryKey: deviceGroupQuery(id).queryKey });
    },
  });
}
