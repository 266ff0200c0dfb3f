import type { components } from '@portal/api/schema';
import { type AppContext, type HandlerMap, requestOrigin, requireUserId } from '../context.ts';
import { HttpError, MESSAGES } from '../errors.ts';
import { acceptCurrentTos, currentLegalDocuments, loadUserView } from '../services/users.ts';

type Schemas = components['schemas'];

const NO_TOS = 'Es sind keine Nutzungsbedingungen veröffentlicht.';

function absolute(origin: string, file: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(file) ? file : `${origin}${file.startsWith('/') ? '' : '/'}${file}`;
}

export function userHandlers({ db }: AppContext): HandlerMap {
  async function currentUser(userId: number): Promise<Schemas['User']> {
    const user = await loadUserView(db, userId);
    // A valid token of a deleted account: the session is over.
    if (!user) throw new HttpError(401, MESSAGES.tokenInvalid);
    return user;
  }

  return {
    async getCurrentUser(request) {
      return currentUser(requireUserId(request));
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
  };
}
