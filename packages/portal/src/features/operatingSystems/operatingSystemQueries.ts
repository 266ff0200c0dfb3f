import type { OperatingSystem, OperatingSystemCreate, OperatingSystemUpdate } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import { $api, apiClient, type MutationReactions, queryClient } from '../../lib/api.ts';
import { type CommandOutcome, sendToHeadsets } from '../../lib/commands.ts';
import { headsetListsKey } from '../../lib/headsets.ts';
import { answerOf, expectSuccess } from '../../lib/serverErrors.ts';

/**
 * The operating system images' server state (issue 23): the list and one image, staff's changes with what they make
 * stale, and the rollout (CMD.UPDATE naming the image, through sendToHeadsets of lib/commands.ts).
 */

/**
 * The newest 100 images (the contract's largest page), newest first: staff see drafts too, administrators the
 * published ones of their models. Images are few (a release per model now and then), so the list does not page.
 */
export const operatingSystemsQuery = $api.queryOptions('get', '/api/v1/support/operating-systems/', {
  params: { query: { page_size: 100 } },
});

/** Every cached list, whatever its page or model: the prefix to refresh after a change. */
const operatingSystemListsKey = $api.queryOptions('get', '/api/v1/support/operating-systems/').queryKey;

export const operatingSystemQuery = (id: number) =>
  $api.queryOptions('get', '/api/v1/support/operating-systems/{id}/', { params: { path: { id } } });

/** After a change: the lists, the image, and the headsets' 'Software veraltet' (it reads the published images). */
async function operatingSystemChanged(saved: OperatingSystem | null, id: number): Promise<void> {
  if (saved) queryClient.setQueryData(operatingSystemQuery(id).queryKey, saved);
  else queryClient.removeQueries({ queryKey: operatingSystemQuery(id).queryKey });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: operatingSystemListsKey }),
    queryClient.invalidateQueries({ queryKey: headsetListsKey }),
  ]);
}

/** Creates an image entry (a draft without file); its file follows on the edit page. */
export function useCreateOperatingSystem(
  reactions?: MutationReactions<OperatingSystem, OperatingSystemCreate>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(body: OperatingSystemCreate) {
      const saved = await answerOf(apiClient.POST('/api/v1/support/operating-systems/', { body }));
      await operatingSystemChanged(saved, saved.id);
      return saved;
    },
  });
}

/** Changes fields of an image, publishing (`isPublished`) included. */
export function useUpdateOperatingSystem(
  id: number,
  reactions?: MutationReactions<OperatingSystem, OperatingSystemUpdate>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(body: OperatingSystemUpdate) {
      const saved = await answerOf(
        apiClient.PATCH('/api/v1/support/operating-systems/{id}/', { params: { path: { id } }, body }),
      );
      await operatingSystemChanged(saved, id);
      return saved;
    },
  });
}

/** Deletes the image entry and its file. */
export function useDeleteOperatingSystem(id: number, reactions?: MutationReactions<void>) {
  return useMutation({
    ...reactions,
    async mutationFn() {
      await expectSuccess(
        apiClient.DELETE('/api/v1/support/operating-systems/{id}/', { params: { path: { id } } }),
      );
      await operatingSystemChanged(null, id);
    },
  });
}

/** The file is stored: the image now has its size and download address. */
export function operatingSystemFileStored(id: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: operatingSystemQuery(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: operatingSystemListsKey }),
  ]).then(() => undefined);
}

/** The rollout: CMD.UPDATE with the image to the headsets in one request, answered per headset. */
export function useRollout(
  operatingSystemId: number,
  reactions?: MutationReactions<CommandOutcome[], number[]>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(deviceIds: number[]) {
      const outcomes = await sendToHeadsets(deviceIds, { command: 'CMD.UPDATE', operatingSystemId });
      void queryClient.invalidateQueries({ queryKey: headsetListsKey });
      return outcomes;
    },
  });
}
