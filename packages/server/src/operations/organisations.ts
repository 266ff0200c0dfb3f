import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { absoluteUrl, requestOrigin } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import {
  acceptInvitation,
  invitationDetails,
  inviteMember,
  listInvitations,
  listOrganisationSummaries,
  publishTerms,
  removeMember,
  renameOrganisation,
  setAdministrator,
  withdrawInvitation,
} from '../services/accounts/index.ts';

/**
 * Organisations as administrators edit them (name, members' roles, invitations), the invitation link's calls, and
 * publishing terms versions (contract tag `organisations`).
 */
export const organisationOperations = {
  /** For picking whom to share with: any signed-in user may read names and types of all organisations. */
  async listOrganisations({ caller }, { db }) {
    signedIn(caller);
    return ok(await listOrganisationSummaries(db));
  },

  async updateOrganisation({ params, body, caller }, { db }) {
    return ok(await renameOrganisation(db, signedIn(caller), params.id, body.name));
  },

  async updateMembership({ params, body, caller }, { db }) {
    return ok(
      await setAdministrator(db, signedIn(caller), params.id, params.membershipId, body.isAdministrator),
    );
  },

  async removeMembership({ params, caller }, { db }) {
    await removeMember(db, signedIn(caller), params.id, params.membershipId);
    return noContent();
  },

  async listInvitations({ params, caller }, { db }) {
    return ok(await listInvitations(db, signedIn(caller), params.id));
  },

  async inviteMember({ params, body, caller, http }, services) {
    const request = { requestOrigin: requestOrigin(http), log: http.log };
    return created(await inviteMember(services, signedIn(caller), params.id, body.email, request));
  },

  async withdrawInvitation({ params, caller }, { db }) {
    await withdrawInvitation(db, signedIn(caller), params.id, params.invitationId);
    return noContent();
  },

  async getInvitation({ params }, { db }) {
    return ok(await invitationDetails(db, params.token));
  },

  async acceptInvitation({ body }, { db }) {
    return created(await acceptInvitation(db, body));
  },

  async publishTos({ body, caller, http }, { db }) {
    const version = await publishTerms(db, signedIn(caller), body.tosFile, body.privacyPolicyFile);
    return created({ tosFile: absoluteUrl(requestOrigin(http), body.tosFile), version });
  },
} satisfies Operations;
