import { $api, apiClient, currentTosQuery } from '../../lib/api.ts';
import { answerOf } from '../../lib/serverErrors.ts';

/**
 * The legal documents the public pages show. Under the contract's keys (the terms dialog reads the same), but
 * through `answerOf`, so a server without terms (404) can be told apart from one that is not reachable.
 */
export const termsDocumentQuery = {
  queryKey: currentTosQuery.queryKey,
  queryFn: () => answerOf(apiClient.GET('/api/v1/organisations/current-tos/')),
};

export const privacyDocumentQuery = {
  queryKey: $api.queryOptions('get', '/api/v1/organisations/current-pp/').queryKey,
  queryFn: () => answerOf(apiClient.GET('/api/v1/organisations/current-pp/')),
};
