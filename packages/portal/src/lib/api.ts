import {
  createPortalClient,
  createPortalQueryHooks,
  type UnauthorizedEvent,
  type UpdateUserRequest,
  type User,
} from '@portal/api';
import { contentOrderingFor } from '@portal/domain';
import { focusManager, QueryClient, type UseMutationOptions, useQuery } from '@tanstack/react-query';
import { env } from './env.ts';
import { adoptPrefetched, arrivedAsInitialData, prefetchRegistry } from './prefetch.ts';
import { answerOf } from './serverErrors.ts';
import { appStorage, session, useIsSignedIn } from './session.ts';
import { keptOnUnauthorized, storageKeys } from './storage.ts';
import { toasts } from './toasts.ts';
import { createTokenRefresher } from './tokenRefresh.ts';

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

/**
 * "The window regains focus" covers coming back from another window (focus) as well as from another tab
 * (visibilitychange, TanStack's only default): a user who reads the new terms in another window must meet the
 * terms dialog on return. Only queries that ask for it refetch on focus (the current user).
 */
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return undefined;
  const listener = () => handleFocus();
  window.addEventListener('visibilitychange', listener, false);
  window.addEventListener('focus', listener, false);
  return () => {
    window.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
  };
});

/** The login call answers 401 for a wrong password; that is a failed attempt, not an expired session. */
const PATHS_WITHOUT_SESSION = new Set(['/api/v1/sessions/']);

const sessionLostListeners = new Set<() => void>();

/**
 * Called when the server ended the session (a 401 after the refresh); the router uses it to run the current route's
 * guards again, so a page that needs a session goes to the login instead of staying empty. Not called on logout,
 * which navigates by itself. Returns the unsubscribe function.
 */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/**
 * Spec §4/§8: a 401 that survived the refresh-and-retry clears the local session and the cached user
 * (language and attempt counter survive) and, when there was a session, tells the user so.
 */
export function handleUnauthorized(event: Pick<UnauthorizedEvent, 'schemaPath'>): void {
  if (PATHS_WITHOUT_SESSION.has(event.schemaPath)) return;
  const hadSession = session.getAccessToken() !== null;
  session.clear(keptOnUnauthorized);
  queryClient.removeQueries({ queryKey: currentUserQueryKey });
  if (hadSession) {
    toasts.show({
      tone: 'warning',
      title: 'auth:toasts.notLoggedIn.title',
      description: 'auth:toasts.notLoggedIn.description',
    });
    for (const listener of sessionLostListeners) listener();
  }
}

/** Calls that need no session (the token refresh itself): no token, no refresh, no 401 handling. */
export const anonymousClient = createPortalClient({
  baseUrl: env.apiBaseUrl,
  getToken: () => null,
  onUnauthorized: () => {},
});

export const tokenRefresher = createTokenRefresher({
  session,
  async requestRefresh(refresh) {
    const { data, response } = await anonymousClient.POST('/api/v1/sessions/refresh/', { body: { refresh } });
    return response.status === 200 && data ? data : null;
  },
});

/**
 * Every call of the app: the access token is renewed shortly before it expires, and a 401 is answered by
 * one refresh and one retry before the session counts as lost (lib/tokenRefresh.ts).
 */
export const apiClient = createPortalClient({
  baseUrl: env.apiBaseUrl,
  getToken: () => tokenRefresher.getToken(),
  onUnauthorized: handleUnauthorized,
  fetch: tokenRefresher.wrapFetch((request) => globalThis.fetch(request)),
});

export const $api = createPortalQueryHooks(apiClient);

/**
 * Query keys come from the contract's paths through `$api`, never by hand. What the whole session needs lives here
 * (the current user, the terms in force, the organisations to share with); each feature keeps its own queries and
 * mutations in its query module, and what several features share lives in the lib/ modules of its area.
 */
export const currentTosQuery = $api.queryOptions('get', '/api/v1/organisations/current-tos/');

/** Every organisation of the portal, to share content and playlists with (listOrganisations). */
export const organisationsQuery = { ...$api.queryOptions('get', '/api/v1/organisations/'), retry: false };

/**
 * What a page does when a change of its feature has answered (toasts, navigation, its own state): the options of a
 * query module's mutation hook. The cache is the module's business and is done before these run.
 */
export type MutationReactions<Data, Variables = void> = Omit<
  UseMutationOptions<Data, Error, Variables>,
  'mutationFn'
>;

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
  // An answer that came before the app draws is its first data: the shell and the page are drawn once for the user,
  // not first for nobody and again, whole, when the user arrives.
  ...arrivedAsInitialData(
    () => prefetchRegistry.takeArrivedCurrentUser(session.getAccessToken()),
    (data) => rememberOrdering(data as User),
  ),
  // A function, so a refetch racing a logout never goes out without a token.
  enabled: () => session.getAccessToken() !== null,
  staleTime: 60_000,
  retry: false,
  // Whenever the user comes back to the portal, however fresh the data: a terms version published meanwhile
  // (publishTos sets everybody back to not accepted) must bring up the terms dialog at once.
  refetchOnWindowFocus: 'always' as const,
};

/** users/me asked afresh (after the sign-in stored new tokens); rejects when it cannot be loaded. */
export function loadCurrentUser(): Promise<User> {
  return queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
}

/** PATCH users/me (profile, password, language); the answer is the current user from then on. */
export async function updateCurrentUser(body: UpdateUserRequest): Promise<User> {
  const saved = await answerOf(apiClient.PATCH('/api/v1/users/me/', { body }));
  queryClient.setQueryData(currentUserQueryKey, saved);
  return saved;
}

export interface CurrentUserState {
  signedIn: boolean;
  user: User | undefined;
  /** Signed in, but the user has not arrived yet. */
  loading: boolean;
  /** Signed in, but users/me failed (a 401 ends the session instead, so this is a server or network failure). */
  failed: boolean;
  /** Asks users/me again (after a failure). */
  retry: () => void;
}

export function useCurrentUser(): CurrentUserState {
  const signedIn = useIsSignedIn();
  const query = useQuery(currentUserQuery);
  const user = signedIn ? query.data : undefined;
  const { refetch } = query;
  return {
    signedIn,
    user,
    loading: signedIn && user === undefined && query.isPending,
    failed: signedIn && user === undefined && query.isError,
    retry: () => void refetch(),
  };
}
