import { createPortalClient, createPortalQueryHooks, type UnauthorizedEvent, type User } from '@portal/api';
import { contentOrderingFor } from '@portal/domain';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { env } from './env.ts';
import { adoptPrefetched, prefetchRegistry } from './prefetch.ts';
import { appStorage, session, useIsSignedIn } from './session.ts';
import { storageKeys } from './storage.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Only a network failure (fetch rejects with TypeError) may mend itself; an answer of the server
      // (the client hands back its error body) will not change by asking again.
      retry: (failureCount, error) => failureCount < 2 && error instanceof TypeError,
      refetchOnWindowFocus: false,
    },
  },
});

/** The login call answers 401 for a wrong password; that is a failed attempt, not an expired session. */
const PATHS_WITHOUT_SESSION = new Set(['/api/v1/sessions/']);

/** Spec §4/§8: any 401 clears the local session and the cached user; the attempt counter survives. */
export function handleUnauthorized(event: Pick<UnauthorizedEvent, 'schemaPath'>): void {
  if (PATHS_WITHOUT_SESSION.has(event.schemaPath)) return;
  session.clear([storageKeys.loginAttempts]);
  queryClient.removeQueries({ queryKey: currentUserQueryKey });
}

export const apiClient = createPortalClient({
  baseUrl: env.apiBaseUrl,
  getToken: () => session.getAccessToken(),
  onUnauthorized: handleUnauthorized,
});

export const $api = createPortalQueryHooks(apiClient);

const baseCurrentUserQuery = $api.queryOptions('get', '/api/v1/users/me/');
export const currentUserQueryKey = baseCurrentUserQuery.queryKey;

/** Remembers the user's list ordering so the inline prefetch script can ask for the right one next time. */
function rememberOrdering(user: User): User {
  appStorage.setItem(storageKeys.contentOrdering, contentOrderingFor(user));
  return user;
}

const fetchCurrentUser = adoptPrefetched(
  () => prefetchRegistry.takeCurrentUser(session.getAccessToken()),
  baseCurrentUserQuery.queryFn,
);

/** users/me, adopting the request index.html started, and only while a token is stored. */
export const currentUserQuery = {
  ...baseCurrentUserQuery,
  queryFn: async (context: Parameters<typeof baseCurrentUserQuery.queryFn>[0]) =>
    rememberOrdering(await fetchCurrentUser(context)),
  // A function, so a refetch racing a logout never goes out without a token.
  enabled: () => session.getAccessToken() !== null,
  staleTime: 60_000,
  retry: false,
};

export interface CurrentUserState {
  signedIn: boolean;
  user: User | undefined;
  /** Signed in, but the user has not arrived yet. */
  loading: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const signedIn = useIsSignedIn();
  const query = useQuery(currentUserQuery);
  const user = signedIn ? query.data : undefined;
  return { signedIn, user, loading: signedIn && user === undefined && query.isPending };
}
