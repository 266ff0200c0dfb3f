import { isAdministrator } from '@portal/domain';
import { redirect } from 'react-router';
import { currentUserQuery, queryClient } from '../lib/api.ts';
import { session } from '../lib/session.ts';
import { toasts } from '../lib/toasts.ts';

function toLogin(): Response {
  toasts.show({
    tone: 'warning',
    title: 'auth:toasts.notLoggedIn.title',
    description: 'auth:toasts.notLoggedIn.description',
  });
  return redirect('/login');
}

/** Spec §6: /dashboard/** needs a session; route loaders run before anything of the page renders. */
export function requireSignedIn(): null {
  if (session.getAccessToken() === null) throw toLogin();
  return null;
}

/**
 * Spec §6: administrator-only areas (domain rule: membership flag in the first organisation). Runs beside
 * requireSignedIn of the parent route, which already announces a missing session.
 */
export async function requireAdministrator(): Promise<null> {
  if (session.getAccessToken() === null) throw redirect('/login');
  let user: Awaited<ReturnType<typeof currentUserQuery.queryFn>> | undefined;
  try {
    user = await queryClient.ensureQueryData(currentUserQuery);
  } catch (error) {
    // A 401 has cleared the session meanwhile (and its handler has said so): back to the login.
    if (session.getAccessToken() === null) throw redirect('/login');
    // Any other failure says nothing about the role: the route's error page (with reload), not a refusal.
    throw error;
  }
  if (!isAdministrator(user)) {
    toasts.show({
      tone: 'error',
      title: 'auth:toasts.restricted.title',
      description: 'auth:toasts.restricted.description',
    });
    throw redirect('/library');
  }
  return null;
}
