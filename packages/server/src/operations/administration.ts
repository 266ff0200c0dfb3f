import { created, type Operations, ok } from '../http/operation.ts';
import { requestOrigin } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import {
  addOrganisationAdministrator,
  adminOrganisation,
  createAdminOrganisation,
  listAdminOrganisations,
  listAdminUsers,
  lockAccount,
  resendAdminInvitation,
  updateAdminOrganisation,
} from '../services/accounts/index.ts';

/** The Adminbereich (contract tag `administration`): portal staff run organisations and accounts. */
export const administrationOperations = {
  async listAdminOrganisations({ query, caller }, services) {
    return ok(await listAdminOrganisations(services, signedIn(caller), query.search));
  },

  async createAdminOrganisation({ body, caller }, services) {
    return created(await createAdminOrganisation(services, signedIn(caller), body));
  },

  async getAdminOrganisation({ params, caller }, services) {
    return ok(await adminOrganisation(services, signedIn(caller), params.id));
  },

  async updateAdminOrganisation({ params, body, caller }, services) {
    return ok(await updateAdminOrganisation(services, signedIn(caller), params.id, body));
  },

  async addOrganisationAdministrator({ params, body, caller, http }, services) {
    const request = { requestOrigin: requestOrigin(http), log: http.log };
    return created(
      await addOrganisationAdministrator(services, signedIn(caller), params.id, body.email, request),
    );
  },

  async resendAdminInvitation({ params, caller, http }, services) {
    const request = { requestOrigin: requestOrigin(http), log: http.log };
    return ok(
      await resendAdminInvitation(services, signedIn(caller), params.id, params.invitationId, request),
    );
  },

  async listAdminUsers({ query, caller }, { db }) {
    return ok(await listAdminUsers(db, signedIn(caller), query.search));
  },

  async updateAdminUser({ params, body, caller }, { db }) {
    return ok(await lockAccount(db, signedIn(caller), params.id, body.locked));
  },
} satisfies Operations;
