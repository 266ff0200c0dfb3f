import type { UpdateUserRequest, User } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type MutationReactions, updateCurrentUser } from '../../lib/api.ts';
import { expectSuccess } from '../../lib/serverErrors.ts';

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
