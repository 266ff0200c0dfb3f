import type { components } from '@portal/api/schema';
import { isResourceUrl, isValidEmail, isValidPassword } from '@portal/domain';
import { readAccessSettings } from '../access-config.ts';
import { type AppContext, type HandlerMap, requestOrigin, requireUserId } from '../context.ts';
import { HttpError, MESSAGES } from '../errors.ts';
import { type Mailer, outboxMailer, smtpMailer } from '../infra/mail.ts';
import { hashPassword, verifyPassword } from '../infra/passwords.ts';
import { createResetToken, resetPasswordWithToken } from '../services/passwordReset.ts';
import { deleteAccount, type ProfileChanges, updateProfile } from '../services/profile.ts';
import { Throttle } from '../services/throttle.ts';
import {
  acceptCurrentTos,
  currentLegalDocuments,
  findUserByEmail,
  findUserById,
  loadUserView,
  normaliseEmail,
} from '../services/users.ts';
import { tooManyAttempts } from './sessions.ts';

type Schemas = components['schemas'];

const NO_TOS = 'Es sind keine Nutzungsbedingungen veröffentlicht.';
const RESET_MAIL_SENT =
  'Wenn zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.';
const TOO_MANY_RESET_MAILS = 'Zu viele Anfragen zum Zurücksetzen des Passworts.';
const RESET_DONE = 'Ihr Passwort wurde geändert. Sie können sich jetzt mit dem neuen Passwort anmelden.';
const RESET_LINK_INVALID =
  'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.';
const PASSWORD_RULE =
  'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens eine Ziffer und einen Buchstaben enthalten.';
const EMAIL_INVALID = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
const EMAIL_TAKEN = 'Diese E-Mail-Adresse wird bereits verwendet.';
const EMAIL_SOCIAL =
  'Die E-Mail-Adresse von Konten mit Anmeldung über Antares wird dort verwaltet. Bitte ändern Sie sie bei Antares.';
const CURRENT_PASSWORD_WRONG = 'Das aktuelle Passwort ist nicht korrekt.';
const REQUIRED = 'Dieses Feld ist erforderlich.';
const NOT_BLANK = 'Dieses Feld darf nicht leer sein.';
const URL_INVALID = 'Bitte geben Sie eine gültige URL ein.';
const TOO_MANY_PASSWORD_CHECKS = 'Zu viele falsche Eingaben des aktuellen Passworts.';

function absolute(origin: string, file: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(file) ? file : `${origin}${file.startsWith('/') ? '' : '/'}${file}`;
}

function resetMail(link: string, ttlSeconds: number, language: string | null) {
  const hours = ttlSeconds / 3600;
  const wholeHours = hours >= 1 && Number.isInteger(hours);
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  // The user's portal language (users.language); German for 'de' and for users who never chose one.
  if (language === 'en') {
    const validity = wholeHours ? (hours === 1 ? 'one hour' : `${hours} hours`) : `${minutes} minutes`;
    return {
      subject: 'VR-Portal: Reset your password',
      text: [
        'Hello,',
        '',
        'a password reset was requested for your VR-Portal account.',
        `You can set a new password with this link (valid for ${validity}, usable only once):`,
        '',
        link,
        '',
        'If you did not request this, you can ignore this email; your password stays unchanged.',
      ].join('\n'),
    };
  }
  const validity = wholeHours ? `${hours === 1 ? 'eine Stunde' : `${hours} Stunden`}` : `${minutes} Minuten`;
  return {
    subject: 'VR-Portal: Passwort zurücksetzen',
    text: [
      'Guten Tag,',
      '',
      'für Ihr Konto im VR-Portal wurde das Zurücksetzen des Passworts angefordert.',
      `Über diesen Link können Sie ein neues Passwort festlegen (gültig für ${validity}, nur einmal verwendbar):`,
      '',
      link,
      '',
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ].join('\n'),
  };
}

export function userHandlers({ db }: AppContext): HandlerMap {
  const settings = readAccessSettings();
  const throttle = new Throttle(db);
  const mailer: Mailer = settings.smtpUrl
    ? smtpMailer(settings.smtpUrl, settings.mailFrom)
    : outboxMailer(settings.outboxDir, settings.mailFrom);

  async function currentUser(userId: number): Promise<Schemas['User']> {
    const user = await loadUserView(db, userId);
    // A valid token of a deleted account: the session is over.
    if (!user) throw new HttpError(401, MESSAGES.tokenInvalid);
    return user;
  }

  /**
   * Checks the current password a sensitive change (password, email) is confirmed with. A wrong one counts like a
   * failed sign-in of the account, so a stolen access token cannot be used to guess it; while the account is
   * locked the answer is 'throttled' (429 like login), with the seconds to wait.
   */
  async function checkCurrentPassword(
    user: { email: string; passwordHash: string | null },
    currentPassword: string,
  ): Promise<{ outcome: 'right' | 'wrong' } | { outcome: 'throttled'; wait: number }> {
    const rule = {
      key: `login:account:${user.email}`,
      limit: settings.loginMaxFailuresPerAccount,
      windowSeconds: settings.loginWindowSeconds,
    };
    const wait = await throttle.blockedFor([rule]);
    if (wait > 0) return { outcome: 'throttled', wait };
    if (await verifyPassword(currentPassword, user.passwordHash)) return { outcome: 'right' };
    await throttle.recordFailure([rule]);
    return { outcome: 'wrong' };
  }

  return {
    async getCurrentUser(request) {
      return currentUser(requireUserId(request));
    },

    async updateCurrentUser(request, reply) {
      const userId = requireUserId(request);
      const body = request.body as Schemas['UpdateUserRequest'];
      const user = await findUserById(db, userId);
      if (!user) throw new HttpError(401, MESSAGES.tokenInvalid);

      const errors: Record<string, string[]> = {};
      const changes: ProfileChanges = {};
      for (const field of ['firstName', 'lastName'] as const) {
        const value = body[field];
        if (value === undefined) continue;
        if (value.trim() === '') errors[field] = [NOT_BLANK];
        else changes[field] = value.trim();
      }
      // A different address needs the current password of a password user: with a stolen access token alone
      // nobody can redirect the account's mail and then take it over by a password reset.
      const emailChange =
        body.email !== undefined && !user.isSocialUser && normaliseEmail(body.email) !== user.email;
      if (body.email !== undefined) {
        if (!isValidEmail(body.email.trim())) errors.email = [EMAIL_INVALID];
        // The provider owns a social user's address and the next sign-in there would overwrite it.
        else if (user.isSocialUser && normaliseEmail(body.email) !== user.email)
          errors.email = [EMAIL_SOCIAL];
        // The same address is no change (and leaves open reset links alone).
        else if (emailChange) changes.email = normaliseEmail(body.email);
      }
      if (body.img !== undefined) {
        // Absolute http(s) or root-relative on this server (e.g. an uploaded preview file): the portal's rule.
        if (body.img !== null && !isResourceUrl(body.img)) errors.img = [URL_INVALID];
        else changes.img = body.img;
      }
      // The contract's enum (PortalLanguage) has already refused anything but 'de', 'en' and null.
      if (body.language !== undefined) changes.language = body.language;
      if (body.password !== undefined) {
        if (!isValidPassword(body.password)) errors.password = [PASSWORD_RULE];
      } else if (body.currentPassword !== undefined && !emailChange) errors.password = [REQUIRED];
      if ((body.password !== undefined || emailChange) && body.currentPassword === undefined)
        errors.currentPassword = [REQUIRED];
      if (Object.keys(errors).length > 0) return reply.code(400).send(errors);

      if (body.currentPassword !== undefined && (body.password !== undefined || emailChange)) {
        const check = await checkCurrentPassword(user, body.currentPassword);
        if (check.outcome === 'throttled')
          return tooManyAttempts(reply, check.wait, TOO_MANY_PASSWORD_CHECKS, 'passwordCheckThrottled');
        if (check.outcome === 'wrong')
          return reply.code(400).send({ currentPassword: [CURRENT_PASSWORD_WRONG] });
        if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);
      }

      // A new password ends the user's other sessions (their refresh tokens); the caller's own goes on.
      const outcome = await updateProfile(db, userId, changes, { keepSession: request.sessionFamily });
      if (outcome === 'emailTaken') return reply.code(400).send({ email: [EMAIL_TAKEN] });
      return currentUser(userId);
    },

    async deleteCurrentUser(request, reply) {
      const userId = requireUserId(request);
      const outcome = await deleteAccount(db, userId);
      if (!outcome.deleted) {
        const body: Schemas['Error'] = {
          detail: `Sie sind die letzte Administratorin bzw. der letzte Administrator von „${outcome.organisation}“. Bitte ernennen Sie zuerst ein anderes Mitglied zur Administratorin oder zum Administrator.`,
          code: 'lastAdministrator',
          params: { organisation: outcome.organisation },
        };
        return reply.code(409).send(body);
      }
      return reply.code(204).send();
    },

    async acceptTos(request, reply) {
      const userId = requireUserId(request);
      await acceptCurrentTos(db, userId);
      return reply.code(201).send(await currentUser(userId));
    },

    async getCurrentTos(request) {
      const documents = await currentLegalDocuments(db);
      if (!documents) throw new HttpError(404, NO_TOS);
      const body: Schemas['TermsOfUse'] = {
        tosFile: absolute(requestOrigin(request), documents.file),
        version: documents.version,
      };
      return body;
    },

    async getCurrentPrivacyPolicy(request) {
      const documents = await currentLegalDocuments(db);
      const file = documents?.privacyPolicyFile ?? null;
      const body: Schemas['PrivacyPolicy'] = {
        privacyPolicyFile: file === null ? null : absolute(requestOrigin(request), file),
      };
      return body;
    },

    async sendResetPasswordMail(request, reply) {
      const { email } = request.body as Schemas['ResetPasswordMailRequest'];
      const address = normaliseEmail(email);
      // Counted per request, whether or not the account exists, so the 429 tells nothing about accounts either.
      const rules = [
        { key: `reset:account:${address}`, limit: settings.resetMailMaxPerAccount, windowSeconds: 3600 },
        {
          key: `reset:address:${request.ip}`,
          limit: settings.resetMailMaxPerAccount * 5,
          windowSeconds: 3600,
        },
      ];
      const wait = await throttle.blockedFor(rules);
      if (wait > 0) return tooManyAttempts(reply, wait, TOO_MANY_RESET_MAILS, 'resetMailThrottled');
      await throttle.recordFailure(rules);

      const user = await findUserByEmail(db, address);
      // Social users sign in at their provider, which owns their credentials: no password to reset here.
      if (user && !user.isSocialUser) {
        const origin = settings.publicUrl ?? requestOrigin(request);
        // Not awaited: the answer must take as long for an unknown address as for a known one, so the token
        // and the mail (an SMTP round trip can take seconds) happen after it. Failures are only logged.
        void (async () => {
          const token = await createResetToken(db, user.id, settings.resetTokenTtlSeconds);
          const link = `${origin}/reset-password/${token}`;
          await mailer.send({
            to: user.email,
            ...resetMail(link, settings.resetTokenTtlSeconds, user.language),
          });
        })().catch((error: unknown) => request.log.error({ err: error }, 'reset mail not sent'));
      }
      const body: Schemas['Message'] = { detail: RESET_MAIL_SENT };
      return reply.code(200).send(body);
    },

    async resetPassword(request, reply) {
      const { password, urlHash } = request.body as Schemas['ResetPasswordRequest'];
      if (!isValidPassword(password)) return reply.code(400).send({ password: [PASSWORD_RULE] });
      const userId = await resetPasswordWithToken(db, urlHash, password);
      // The same transaction revoked every refresh token of the user.
      if (userId === null) return reply.code(400).send({ urlHash: [RESET_LINK_INVALID] });
      const user = await findUserById(db, userId);
      // A forgotten password often follows a lockout: the new password opens the account right away.
      if (user) await throttle.reset(`login:account:${user.email}`);
      const body: Schemas['Message'] = { detail: RESET_DONE };
      return reply.code(200).send(body);
    },
  };
}
