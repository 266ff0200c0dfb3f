import type { DeviceTypesState } from '../../lib/deviceTypes.ts';

/** What the shell shows in place of the page. */
export type SessionGate = 'page' | 'loading' | 'failed' | 'terms' | 'deviceTypesFailed';

/** Pages that set up a session themselves and show their own progress while the user loads. */
const SESSION_PAGES = ['/login', '/oidc-antares'];

/**
 * Spec §4: the portal is usable only after the terms are accepted. For a signed-in session no page content
 * renders before the user is known: while users/me loads the shell shows a loading state, when it fails (other
 * than 401, which ends the session) an error with a retry, and the terms dialog while they are not accepted.
 * Spec §8: then nothing renders until the device types have loaded; a failed load shows its own error with a retry.
 * Login and social login keep their page while the user loads: they set the session up and report failures.
 */
export function sessionGate(state: {
  signedIn: boolean;
  user: { hasAcceptedTos: boolean } | undefined;
  failed: boolean;
  pathname: string;
  deviceTypes: DeviceTypesState;
}): SessionGate {
  if (!state.signedIn) return 'page';
  if (state.user && !state.user.hasAcceptedTos) return 'terms';
  if (SESSION_PAGES.includes(state.pathname)) return 'page';
  if (!state.user) return state.failed ? 'failed' : 'loading';
  if (state.deviceTypes === 'failed') return 'deviceTypesFailed';
  return state.deviceTypes === 'ready' ? 'page' : 'loading';
}
