import { created, type Operations, ok } from '../http/operation.ts';
import { absoluteUrl, requestOrigin } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import {
  listOrganisationSummaries,
  publishTerms,
  renameOrganisation,
  setAdministrator,
} from '../services/organisations.ts';

/** Organisations as administrators edit them, and publishing terms versions (contract tag `organisations`). */
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

  async publishTos({ body, caller, http }, { db }) {
    const version = await publishTerms(db, signedIn(caller), body.tosFile, body.privacyPolicyFile);
    return created({ tosFile: absoluteUrl(requestOrigin(http), body.tosFile), version });
  },
} satisfies Operations;
