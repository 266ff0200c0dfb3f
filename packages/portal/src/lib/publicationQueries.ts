import type { components } from '@portal/api';
import { $api, apiClient, queryClient } from './api.ts';
import { contentDetailQuery, contentListsKey } from './contentQueries.ts';
import { answerOf } from './serverErrors.ts';

/**
 * Moderieren's server state, shared by the Mediathek item (propose, read the decision, withdraw) and the review
 * queue (/moderate): the queries with their keys and the changes with what they make stale.
 */

export type PublicationRequest = components['schemas']['PublicationRequest'];
export type PublicationState = components['schemas']['PublicationState'];
export type ContentPublication = components['schemas']['ContentPublication'];

/** Where the item's request for every school stands, and what the signed-in person may do about it. */
export function contentPublicationQuery(id: number) {
  const init = { params: { path: { id } } };
  return {
    ...$api.queryOptions('get', '/api/v1/cms/content/{id}/publication/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v1/cms/content/{id}/publication/', { ...init, signal })),
  };
}

/** The review queue of one state. */
export function publicationQueueQuery(state: PublicationState) {
  const init = { params: { query: { state } } };
  return {
    ...$api.queryOptions('get', '/api/v1/moderation/publication-requests/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v1/moderation/publication-requests/', { ...init, signal })),
  };
}

/** Every queue, whatever its state: the prefix to invalidate after a decision. */
const queuesKey = $api.queryOptions('get', '/api/v1/moderation/publication-requests/').queryKey;

/** After a step: the item's state, its page (public or not), the Mediathek lists and the queues are asked again. */
async function publicationChanged(contentId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: contentPublicationQuery(contentId).queryKey }),
    queryClient.invalidateQueries({ queryKey: contentDetailQuery(contentId).queryKey }),
    queryClient.invalidateQueries({ queryKey: contentListsKey }),
    queryClient.invalidateQueries({ queryKey: queuesKey }),
  ]);
}

/** 'Für alle Schulen freigeben beantragen' with the proposer's note. */
export async function requestPublication(contentId: number, note: string): Promise<void> {
  await answerOf(
    apiClient.POST('/api/v1/cms/content/{id}/publication/', {
      params: { path: { id: contentId } },
      body: { note },
    }),
  );
  await publicationChanged(contentId);
}

/** Approves (the item becomes public) or rejects a request, with the reason the proposer reads. */
export async function decidePublication(
  request: PublicationRequest,
  decision: { approve: boolean; reason?: string },
): Promise<void> {
  await answerOf(
    apiClient.POST('/api/v1/moderation/publication-requests/{id}/decision/', {
      params: { path: { id: request.id } },
      body: decision,
    }),
  );
  await publicationChanged(request.content.id);
}

/** Takes a public item back to its organisation, with the reason its proposer reads. */
export async function withdrawPublication(contentId: number, reason: string): Promise<void> {
  await answerOf(
    apiClient.POST('/api/v1/moderation/content/{id}/withdraw/', {
      params: { path: { id: contentId } },
      body: { reason },
    }),
  );
  await publicationChanged(contentId);
}
