import type { AcceptedInvitation, AcceptInvitationRequest, LoginRequest, User } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import {
  $api,
  anonymousClient,
  apiClient,
  currentUserQueryKey,
  type MutationReactions,
  queryClient,
} from '../../lib/api.ts';
import { answerOf, expectSuccess, fieldError, ServerRefusal } from '../../lib/serverErrors.ts';
import { session, type TokenPair } from '../../lib/session.ts';

/**
 * The sign-in's and the mailed links' server state: the queries with their keys and the changes with what they make
 * stale. Calls before a session exists go through the anonymous client. The sign-in reads the whole answer (status,
 * tokens, error) itself, as its counter of attempts depends on all of it (loginFlow.ts).
 */

/** The privacy policy in force, linked from the terms dialog. */
export const privacyPolicyQuery = $api.queryOptions('get', '/api/v1/organisations/current-pp/');

/** The sign-in (createSession): the whole answer, for loginAnswer to read. */
export function requestTokens(body: LoginRequest) {
  return apiClient.POST('/api/v1/sessions/', { body });
}

/** Tells the server the session ends (its refresh token is revoked). */
export async function endServerSession(refresh: string | null): Promise<void> {
  await apiClient.POST('/api/v1/sessions/logout', { body: refresh ? { refresh } : {} });
}

/** Spec §4: the terms accepted (201); any other answer rejects. The cache takes the user, then asks again. */
export function useAcceptTerms(reactions?: MutationReactions<User>) {
  return useMutation({
    ...reactions,
    async mutationFn(): Promise<User> {
      const { data, response } = await apiClient.POST('/api/v1/users/tos/', { body: {} });
      if (response.status !== 201 || !data) throw new ServerRefusal(response.status, undefined);
      queryClient.setQueryData(currentUserQueryKey, data);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return data;
    },
  });
}

/** 'Passwort vergessen?': the reset mail (the server answers alike whether or not the account exists). */
export function useSendResetMail(reactions?: MutationReactions<void, string>) {
  return useMutation({
    ...reactions,
    mutationFn: (email: string) =>
      expectSuccess(anonymousClient.POST('/api/v1/users/reset-password-mail/', { body: { email } })),
  });
}

/** The new password of a mailed reset link. */
export function useResetPassword(urlHash: string, reactions?: MutationReactions<void, string>) {
  return useMutation({
    ...reactions,
    mutationFn: (password: string) =>
      expectSuccess(anonymousClient.POST('/api/v1/users/reset-password/', { body: { password, urlHash } })),
  });
}

/** What an invitation link offers; refusals reject with ServerRefusal, so an invalid link (404) tells itself apart. */
export function invitationQuery(token: string) {
  const init = { params: { path: { token } } };
  return {
    ...$api.queryOptions('get', '/api/v1/invitations/{token}/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(anonymousClient.GET('/api/v1/invitations/{token}/', { ...init, signal })),
    retry: false,
  };
}

/** The link no longer works: unknown, expired, withdrawn or used (404 of getInvitation, 400 on `token` of accepting). */
export function isInvalidLink(error: unknown): boolean {
  if (!(error instanceof ServerRefusal)) return false;
  if (error.status === 404) return true;
  return error.status === 400 && fieldError(error.body, 'token') !== undefined;
}

/** The fields of a new account; none when the address has an account already. */
export type InvitationFields = Omit<AcceptInvitationRequest, 'token'> | null;

/**
 * Accepts an invitation: a signed-in account that existed is a member now (the user is asked again); a link that no
 * longer works is asked again, so it shows itself invalid.
 */
export function useAcceptInvitation(
  token: string,
  reactions?: MutationReactions<AcceptedInvitation, InvitationFields>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(fields: InvitationFields) {
      let accepted: AcceptedInvitation;
      try {
        accepted = await answerOf(
          anonymousClient.POST('/api/v1/invitations/accept/', { body: { token, ...fields } }),
        );
      } catch (error) {
        if (isInvalidLink(error))
          void queryClient.invalidateQueries({ queryKey: invitationQuery(token).queryKey });
        throw error;
      }
      if (accepted.accountExisted && session.getAccessToken() !== null) {
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
      return accepted;
    },
  });
}

/** A provider of the social login that signs in by redirect. */
export interface SocialProvider {
  id: string;
  name: string;
}

/** True when the browser returns from the provider with an authenticated social session (allauth headless). */
export async function hasSocialSession(): Promise<boolean> {
  const { data, response } = await anonymousClient.GET('/api/social/browser/v1/auth/session');
  return response.status === 200 && data?.meta.is_authenticated === true;
}

/** The social session exchanged for the portal's tokens (the server clears the session cookie). */
export async function obtainSocialTokens(): Promise<TokenPair> {
  const { data } = await anonymousClient.GET('/api/v1/sessions/social-user-token-obtain/');
  if (!data) throw new Error('social token exchange refused');
  return data;
}

/** The providers of the config that sign in by redirect. */
export async function socialProviders(): Promise<SocialProvider[]> {
  const { data } = await anonymousClient.GET('/api/social/browser/v1/config');
  return (data?.data.socialaccount.providers ?? []).filter((provider) =>
    provider.flows.includes('provider_redirect'),
  );
}
