import type { InvitationOutcome, Membership } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import { $api, apiClient, currentUserQueryKey, type MutationReactions, queryClient } from '../../lib/api.ts';
import { answerOf, expectSuccess, ServerRefusal } from '../../lib/serverErrors.ts';

/**
 * The settings' server state: the open invitations with their key, and the changes of the organisation, its members
 * and invitations with what they make stale. Members come with the current user (users/me), so a change of them
 * asks it again.
 */

/** The organisation's open invitations; refusals reject with ServerRefusal. */
export function invitationsQuery(organisationId: number) {
  const init = { params: { path: { id: organisationId } } };
  return {
    ...$api.queryOptions('get', '/api/v1/organisations/{id}/invitations/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v1/organisations/{id}/invitations/', { ...init, signal })),
  };
}

const refreshUser = () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
const refreshInvitations = (organisationId: number) =>
  queryClient.invalidateQueries({ queryKey: invitationsQuery(organisationId).queryKey });

/**
 * A removal. A refusal with one of `outdated` (removed meanwhile: 404; roles changed: 409) says the list on screen is
 * out of date: `refresh` asks it again before the refusal goes on to be shown.
 */
async function removeOrRefresh(
  removal: Parameters<typeof expectSuccess>[0],
  outdated: readonly number[],
  refresh: () => Promise<unknown>,
): Promise<void> {
  try {
    await expectSuccess(removal);
  } catch (error) {
    if (error instanceof ServerRefusal && outdated.includes(error.status)) await refresh();
    throw error;
  }
}

/** Renames the organisation. */
export function useRenameOrganisation(
  organisationId: number,
  reactions?: MutationReactions<unknown, string>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(name: string) {
      const renamed = await answerOf(
        apiClient.PATCH('/api/v1/organisations/{id}/', {
          params: { path: { id: organisationId } },
          body: { name },
        }),
      );
      await refreshUser();
      return renamed;
    },
  });
}

/** Grants or revokes the administrator flag of a membership. */
export function useSetAdministrator(
  organisationId: number,
  membershipId: number,
  reactions?: MutationReactions<Membership, boolean>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(isAdministrator: boolean) {
      const changed = await answerOf(
        apiClient.PATCH('/api/v1/organisations/{id}/memberships/{membershipId}/', {
          params: { path: { id: organisationId, membershipId } },
          body: { isAdministrator },
        }),
      );
      await refreshUser();
      return changed;
    },
  });
}

/**
 * Removes a membership (removeMembership). The current user is asked again, except when the caller removed the
 * membership that was their account's last (`endsSession`): the server deleted the account with its sessions.
 */
export function useRemoveMembership(
  {
    organisationId,
    membershipId,
    endsSession,
  }: { organisationId: number; membershipId: number; endsSession: boolean },
  reactions?: MutationReactions<void>,
) {
  return useMutation({
    ...reactions,
    async mutationFn() {
      await removeOrRefresh(
        apiClient.DELETE('/api/v1/organisations/{id}/memberships/{membershipId}/', {
          params: { path: { id: organisationId, membershipId } },
        }),
        [404, 409],
        refreshUser,
      );
      if (!endsSession) await refreshUser();
    },
  });
}

/** Invites (or invites again) one address; an account added at once shows among the members. */
export function useInviteMember(
  organisationId: number,
  reactions?: MutationReactions<InvitationOutcome, string>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(email: string) {
      const outcome = await answerOf(
        apiClient.POST('/api/v1/organisations/{id}/invitations/', {
          params: { path: { id: organisationId } },
          body: { email },
        }),
      );
      await Promise.all([
        refreshInvitations(organisationId),
        outcome.outcome === 'added' ? refreshUser() : null,
      ]);
      return outcome;
    },
  });
}

/** Withdraws an invitation; its link ends. */
export function useWithdrawInvitation(
  organisationId: number,
  invitationId: number,
  reactions?: MutationReactions<void>,
) {
  return useMutation({
    ...reactions,
    async mutationFn() {
      // Accepted or withdrawn meanwhile (404): the list shows how things are now.
      await removeOrRefresh(
        apiClient.DELETE('/api/v1/organisations/{id}/invitations/{invitationId}/', {
          params: { path: { id: organisationId, invitationId } },
        }),
        [404],
        () => refreshInvitations(organisationId),
      );
      await refreshInvitations(organisationId);
    },
  });
}
