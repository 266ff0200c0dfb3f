import type { components } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import {
  $api,
  apiClient,
  currentTosQuery,
  currentUserQueryKey,
  type MutationReactions,
  queryClient,
} from '../../lib/api.ts';
import { answerOf } from '../../lib/serverErrors.ts';
import type { termsVersionBody } from './termsForm.ts';

/** The Adminbereich's server state: its queries with their keys and its changes with what they make stale. */

type Schemas = components['schemas'];
export type AdminOrganisation = Schemas['AdminOrganisation'];
export type AdminOrganisationDetail = Schemas['AdminOrganisationDetail'];
export type AdminUser = Schemas['AdminUser'];

export function adminOrganisationsQuery(search: string) {
  const init = { params: { query: search.trim() === '' ? {} : { search: search.trim() } } };
  return {
    ...$api.queryOptions('get', '/api/v1/administration/organisations/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v1/administration/organisations/', { ...init, signal })),
  };
}

export function adminOrganisationQuery(id: number) {
  const init = { params: { path: { id } } };
  return {
    ...$api.queryOptions('get', '/api/v1/administration/organisations/{id}/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v1/administration/organisations/{id}/', { ...init, signal })),
  };
}

export function adminUsersQuery(search: string) {
  const init = { params: { query: search.trim() === '' ? {} : { search: search.trim() } } };
  return {
    ...$api.queryOptions('get', '/api/v1/administration/users/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v1/administration/users/', { ...init, signal })),
  };
}

const organisationsKey = $api.queryOptions('get', '/api/v1/administration/organisations/').queryKey;
const usersKey = $api.queryOptions('get', '/api/v1/administration/users/').queryKey;

/** After any change of the Adminbereich its lists and the open organisation are asked again. */
async function administrationChanged(organisationId?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: organisationsKey }),
    queryClient.invalidateQueries({ queryKey: usersKey }),
    organisationId === undefined
      ? Promise.resolve()
      : queryClient.invalidateQueries({ queryKey: adminOrganisationQuery(organisationId).queryKey }),
  ]);
}

export async function createOrganisation(
  body: Schemas['AdminOrganisationCreate'],
): Promise<AdminOrganisation> {
  const created = await answerOf(apiClient.POST('/api/v1/administration/organisations/', { body }));
  await administrationChanged();
  return created;
}

export async function updateOrganisation(
  id: number,
  body: Schemas['AdminOrganisationUpdate'],
): Promise<void> {
  await answerOf(
    apiClient.PATCH('/api/v1/administration/organisations/{id}/', { params: { path: { id } }, body }),
  );
  await administrationChanged(id);
}

export async function addAdministrator(
  id: number,
  email: string,
): Promise<Schemas['AdminAdministratorOutcome']> {
  const outcome = await answerOf(
    apiClient.POST('/api/v1/administration/organisations/{id}/administrators/', {
      params: { path: { id } },
      body: { email },
    }),
  );
  await administrationChanged(id);
  return outcome;
}

export async function resendInvitation(id: number, invitationId: number): Promise<void> {
  await answerOf(
    apiClient.POST('/api/v1/administration/organisations/{id}/invitations/{invitationId}/resend/', {
      params: { path: { id, invitationId } },
    }),
  );
  await administrationChanged(id);
}

export async function setLocked(user: AdminUser, locked: boolean): Promise<void> {
  await answerOf(
    apiClient.PATCH('/api/v1/administration/users/{id}/', {
      params: { path: { id: user.id } },
      body: { locked },
    }),
  );
  await administrationChanged();
}

/**
 * Publishes a new terms version (staff only): the terms in force change, and every user, staff included, is set
 * back to not accepted, so the terms dialog follows at once.
 */
export function usePublishTerms(
  reactions?: MutationReactions<Schemas['TermsOfUse'], ReturnType<typeof termsVersionBody>>,
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
