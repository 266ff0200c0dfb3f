import type { components, UpdateUserRequest, User } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import {
  apiClient,
  currentTosQuery,
  currentUserQueryKey,
  type MutationReactions,
  queryClient,
  updateCurrentUser,
} from '../../lib/api.ts';
import { answerOf, expectSuccess } from '../../lib/serverErrors.ts';
import type { termsVersionBody } from './termsForm.ts';

/**
 * The profile's changes with what they make stale. The current user and the terms in force are the whole session's
 * (lib/api.ts): saving the profile or the password answers with the user, which the cache takes at once.
 */

/** PATCH users/me: the details form and the password form. */
export function useUpdateCurrentUser(reactions?: MutationReactions<User, UpdateUserRequest>) {
  return useMutation({ ...reactions, mutationFn: updateCurrentUser });
}

/** Deletes the caller's account; the server ends every session of it, so nothing is asked again. */
export function useDeleteAccount(reactions?: MutationReactions<void>) {
  return useMutation({
    ...reactions,
    mutationFn: () => expectSuccess(apiClient.DELETE('/api/v1/users/me/')),
  });
}

/**
 * Publishes a new terms version (staff only): the terms in force change, and every user, staff included, is set
 * back to not accepted, so the terms dialog follows at once.
 */
export function usePublishTerms(
  reactions?: MutationReactions<components['schemas']['TermsOfUse'], ReturnType<typeof termsVersionBody>>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(body: ReturnType<typeof termsVersionBody>) {
      const published = await answerOf(apiClient.POST('/api/v1/organisations/tos-versions/', { body }));
      void queryClient.invalidateQueries({ queryKey: currentTosQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return published;
    },
  });
}
