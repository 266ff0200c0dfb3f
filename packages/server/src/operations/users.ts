import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { absoluteUrl, requestOrigin } from '../http/urls.ts';
import { MESSAGES } from '../messages.ts';
import { signedIn } from '../services/access.ts';
import {
  acceptCurrentTos,
  changeProfile,
  currentLegalDocuments,
  currentTerms,
  currentUser,
  deleteAccount,
  requestResetMail,
  resetPassword,
} from '../services/accounts/index.ts';

/** The signed-in user, terms of use and privacy policy, password reset (contract tag `users`). */
export const userOperations = {
  async getCurrentUser({ caller }, { db }) {
    return ok(await currentUser(db, signedIn(caller).id));
  },

  async updateCurrentUser({ body, caller }, services) {
    return ok(await changeProfile(services, signedIn(caller), body));
  },

  async deleteCurrentUser({ caller }, { db }) {
    await deleteAccount(db, signedIn(caller));
    return noContent();
  },

  async acceptTos({ caller }, { db }) {
    return created(await acceptCurrentTos(db, signedIn(caller).id));
  },

  async getCurrentTos({ http }, { db }) {
    const terms = await currentTerms(db);
    return ok({ tosFile: absoluteUrl(requestOrigin(http), terms.file), version: terms.version });
  },

  async getCurrentPrivacyPolicy({ http }, { db, audit }) {
    const file = (await currentLegalDocuments(db))?.privacyPolicyFile ?? null;
    return ok({
      privacyPolicyFile: file === null ? null : absoluteUrl(requestOrigin(http), file),
      // The privacy page names how long the Protokoll keeps a person's actions.
      auditRetentionDays: audit.retentionDays,
    });
  },

  async sendResetPasswordMail({ body, http }, services) {
    await requestResetMail(services, body.email, {
      clientAddress: http.ip,
      requestOrigin: requestOrigin(http),
      log: http.log,
    });
    return ok({ detail: MESSAGES.users.resetMailSent });
  },

  async resetPassword({ body }, services) {
    await resetPassword(services, body.password, body.urlHash);
    return ok({ detail: MESSAGES.users.resetDone });
  },
} satisfies Operations;
