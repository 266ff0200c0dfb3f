import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { refreshSession, signIn, signOut } from '../services/accounts/index.ts';

/** Sign-in with email and password, token refresh and logout (contract tag `sessions`). */
export const sessionOperations = {
  async login({ body, http }, services) {
    return created(await signIn(services, body, http.ip));
  },

  async refreshSession({ body }, services) {
    return ok(await refreshSession(services, body.refresh));
  },

  async logout({ body, caller }, services) {
    await signOut(services, caller, body?.refresh);
    return noContent();
  },
} satisfies Operations;
