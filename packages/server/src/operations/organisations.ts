import type { components } from '@portal/api/schema';
import type { FastifyRequest } from 'fastify';
import { type AppContext, type HandlerMap, requestOrigin, requireUserId } from '../context.ts';
import { HttpError, MESSAGES } from '../errors.ts';
import {
  listOrganisationSummaries,
  membershipOf,
  publishTosVersion,
  renameOrganisation,
  setAdministrator,
} from '../services/organisations.ts';
import { findUserById, loadUserView } from '../services/users.ts';

type Schemas = components['schemas'];

export const ADMINISTRATORS_ONLY =
  'Begrenzter Zugriff - Dieser Bereich kann nur von Administratoren benutzt werden.';
export const STAFF_ONLY = 'Nur Mitarbeitende des VR-Portals dürfen neue Nutzungsbedingungen veröffentlichen.';
const LAST_ADMINISTRATOR =
  'Die Organisation braucht mindestens eine Administratorin oder einen Administrator. Bitte ernennen Sie zuerst ein anderes Mitglied.';
const NAME_BLANK = 'Dieses Feld darf nicht leer sein.';

function absolute(origin: string, file: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(file) ? file : `${origin}${file.startsWith('/') ? '' : '/'}${file}`;
}

export function organisationHandlers({ db }: AppContext): HandlerMap {
  /** Members who do not administer the organisation get 403, everybody else 404 (it is not theirs to see). */
  async function requireAdministrator(request: FastifyRequest, organisationId: number): Promise<number> {
    const userId = requireUserId(request);
    const membership = await membershipOf(db, userId, organisationId);
    if (!membership) throw new HttpError(404, MESSAGES.notFound);
    if (!membership.isAdministrator) throw new HttpError(403, ADMINISTRATORS_ONLY);
    return userId;
  }

  async function organisationView(userId: number, organisationId: number): Promise<Schemas['Organisation']> {
    const user = await loadUserView(db, userId);
    const organisation = user?.organisations.find((o) => o.id === organisationId);
    if (!organisation) throw new HttpError(404, MESSAGES.notFound);
    return organisation;
  }

  return {
    /** For picking whom to share with: any signed-in user may read names and types of all organisations. */
    async listOrganisations(request) {
      requireUserId(request);
      return listOrganisationSummaries(db);
    },

    async updateOrganisation(request, reply) {
      const { id } = request.params as { id: number };
      const { name } = request.body as Schemas['UpdateOrganisationRequest'];
      const userId = await requireAdministrator(request, id);
      const trimmed = name.trim();
      if (trimmed === '') return reply.code(400).send({ name: [NAME_BLANK] });
      await renameOrganisation(db, id, trimmed);
      return organisationView(userId, id);
    },

    async updateMembership(request) {
      const { id, membershipId } = request.params as { id: number; membershipId: number };
      const { isAdministrator } = request.body as Schemas['UpdateMembershipRequest'];
      const userId = await requireAdministrator(request, id);
      const outcome = await setAdministrator(db, id, membershipId, isAdministrator);
      if (outcome === 'notFound') throw new HttpError(404, MESSAGES.notFound);
      if (outcome === 'lastAdministrator') throw new HttpError(409, LAST_ADMINISTRATOR);
      const organisation = await organisationView(userId, id);
      const membership = organisation.memberships.find((m) => m.id === membershipId);
      if (!membership) throw new HttpError(404, MESSAGES.notFound);
      return membership;
    },

    async publishTos(request, reply) {
      const userId = requireUserId(request);
      const user = await findUserById(db, userId);
      if (!user) throw new HttpError(401, MESSAGES.tokenInvalid);
      if (!user.isStaff) throw new HttpError(403, STAFF_ONLY);
      const { tosFile, privacyPolicyFile } = request.body as Schemas['PublishTosRequest'];
      const version = await publishTosVersion(db, tosFile, privacyPolicyFile);
      const body: Schemas['TermsOfUse'] = { tosFile: absolute(requestOrigin(request), tosFile), version };
      return reply.code(201).send(body);
    },
  };
}
