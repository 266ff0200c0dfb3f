import type { FastifyRequest } from 'fastify';
import { created, type Operations, ok } from '../http/operation.ts';
import { requestOrigin } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import { mailLinkOrigin } from '../services/accounts/index.ts';
import {
  contentPublication,
  decidePublicationRequest,
  listPublicationRequests,
  type PublicationNotice,
  requestPublication,
  withdrawPublication,
} from '../services/content/index.ts';
import type { Services } from '../services/dependencies.ts';

/** Where the proposer's mail links to: the portal's origin as mailed links name it (PUBLIC_URL, or this machine). */
function noticeOf(http: FastifyRequest, services: Pick<Services, 'settings'>): PublicationNotice {
  return { portalOrigin: mailLinkOrigin(services.settings.publicUrl, requestOrigin(http)), log: http.log };
}

/** Moderieren (contract tag `moderation`): proposals for every school, the review queue and its decisions. */
export const moderationOperations = {
  async getContentPublication({ params, caller }, services) {
    return ok(await contentPublication(services, signedIn(caller), params.id));
  },

  async requestContentPublication({ params, body, caller }, services) {
    return created(await requestPublication(services, signedIn(caller), params.id, body.note));
  },

  async listPublicationRequests({ query, caller }, services) {
    return ok(await listPublicationRequests(services, signedIn(caller), query.state ?? 'pending'));
  },

  async decidePublicationRequest({ params, body, caller, http }, services) {
    const notice = noticeOf(http, services);
    return ok(await decidePublicationRequest(services, signedIn(caller), params.id, body, notice));
  },

  async withdrawContentPublication({ params, body, caller, http }, services) {
    const notice = noticeOf(http, services);
    return ok(await withdrawPublication(services, signedIn(caller), params.id, body.reason, notice));
  },
} satisfies Operations;
