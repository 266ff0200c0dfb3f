import type { components } from '@portal/api/schema';
import type { FastifyReply } from 'fastify';
import { readAccessSettings } from '../access-config.ts';
import type { AppContext, HandlerMap } from '../context.ts';
import { HttpError } from '../errors.ts';
import { dummyPasswordHash, verifyPassword } from '../services/passwords.ts';
import { Throttle, type ThrottleRule } from '../services/throttle.ts';
import { findUserByEmail, normaliseEmail } from '../services/users.ts';

type Schemas = components['schemas'];

const WRONG_CREDENTIALS =
  'Anmeldung fehlgeschlagen. Bitte prüfen Sie die eingegebene E-Mail und Ihr Passwort.';
const TOO_MANY_LOGINS = 'Zu viele fehlgeschlagene Anmeldeversuche.';
const REFRESH_REJECTED = 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.';

/** Why a 429 was given; clients word the message themselves (in their language) by this code and `params.minutes`. */
export type ThrottleCode =
  | 'loginThrottled'
  | 'resetMailThrottled'
  | 'passwordCheckThrottled'
  | 'enrolThrottled';

/** German 429 answer with Retry-After in seconds; the text rounds up to whole minutes. */
export function tooManyAttempts(reply: FastifyReply, seconds: number, what: string, code: ThrottleCode) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const detail = `${what} Bitte versuchen Sie es in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`} erneut.`;
  const body: Schemas['Error'] = { detail, code, params: { minutes } };
  return reply.code(429).header('Retry-After', String(seconds)).send(body);
}

export function sessionHandlers({ db, tokens }: AppContext): HandlerMap {
  const settings = readAccessSettings();
  const throttle = new Throttle(db);
  const accountRule = (email: string): ThrottleRule => ({
    key: `login:account:${normaliseEmail(email)}`,
    limit: settings.loginMaxFailuresPerAccount,
    windowSeconds: settings.loginWindowSeconds,
  });
  const addressRule = (address: string): ThrottleRule => ({
    key: `login:address:${address}`,
    limit: settings.loginMaxFailuresPerAddress,
    windowSeconds: settings.loginWindowSeconds,
  });

  return {
    async login(request, reply) {
      const { username, password } = request.body as Schemas['LoginRequest'];
      const account = accountRule(username);
      const address = addressRule(request.ip);
      // Every attempt is counted before the password is checked (a failure keeps its count; unknown addresses count
      // too, or the 429 would reveal which accounts exist), so a blocked account cannot be probed further, not even
      // with the right password, and parallel attempts cannot slip past the limit together.
      const wait = await throttle.reserve([account, address]);
      if (wait > 0) return tooManyAttempts(reply, wait, TOO_MANY_LOGINS, 'loginThrottled');
      const user = await findUserByEmail(db, username);
      // Unknown accounts cost a hash check too, so response time does not tell which addresses exist.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
      await throttle.reset(account.key);
      await throttle.release(address);
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
