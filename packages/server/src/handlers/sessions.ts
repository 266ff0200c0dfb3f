import type { components } from '@portal/api/schema';
import type { AppContext, HandlerMap } from '../context.ts';
import { HttpError } from '../errors.ts';
import { dummyPasswordHash, verifyPassword } from '../services/passwords.ts';
import { findUserByEmail } from '../services/users.ts';

type Schemas = components['schemas'];

const WRONG_CREDENTIALS =
  'Anmeldung fehlgeschlagen. Bitte prüfen Sie die eingegebene E-Mail und Ihr Passwort.';
const REFRESH_REJECTED = 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.';

export function sessionHandlers({ db, tokens }: AppContext): HandlerMap {
  return {
    async login(request, reply) {
      const { username, password } = request.body as Schemas['LoginRequest'];
      const user = await findUserByEmail(db, username);
      // Unknown accounts cost a hash check too, so response time does not tell which addresses exist.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
      const { access, refresh } = await tokens.issue(user.id);
      const body: Schemas['TokenPair'] = { access, refresh };
      return reply.code(201).send(body);
    },

    async refreshSession(request) {
      const { refresh } = request.body as Schemas['RefreshRequest'];
      const outcome = await tokens.rotate(refresh);
      if (!outcome.ok) throw new HttpError(401, REFRESH_REJECTED);
      const body: Schemas['TokenPair'] = outcome.tokens;
      return body;
    },

    async logout(request, reply) {
      const body = request.body as Schemas['LogoutRequest'] | undefined;
      if (body?.refresh) {
        // An unknown or foreign token changes nothing, and logging out still succeeds for the caller.
        await tokens.revokeRefresh(body.refresh, request.userId);
      } else if (request.userId !== null) {
        await tokens.revokeAllForUser(request.userId);
      }
      return reply.code(204).send();
    },
  };
}
