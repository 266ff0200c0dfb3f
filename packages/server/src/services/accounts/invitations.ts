import type { components } from '@portal/api/schema';
import { isValidEmail, normaliseEmail } from '@portal/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { invitations, memberships, organisations, users } from '../../db/schema.ts';
import type { Executor } from '../../db/sql.ts';
import {
  addFieldError,
  Conflict,
  fieldErrors,
  InvalidFields,
  NotFound,
  TooManyAttempts,
  throwFieldErrors,
  Unavailable,
} from '../../errors.ts';
import { hashPassword, secretHash } from '../../infra/passwords.ts';
import { addedToOrganisationMail, invitationMail, inviterName, MESSAGES } from '../../messages.ts';
import { type Caller, requireAdministrator } from '../access.ts';
import { type AuditSubject, audit, personSubject } from '../audit/index.ts';
import type { Services } from '../dependencies.ts';
import { nameProblem } from '../names.ts';
import {
  logMissingPublicUrl,
  mailLinkOrigin,
  newLinkToken,
  newPasswordProblem,
  type ServiceLog,
} from './mailedLinks.ts';
import { membershipView, ownMembership, personOf } from './organisations.ts';
import { invitationRule } from './throttle.ts';

type Invitation = components['schemas']['Invitation'];
type InvitationOutcome = components['schemas']['InvitationOutcome'];
type InvitationDetails = components['schemas']['InvitationDetails'];
type AcceptInvitationRequest = components['schemas']['AcceptInvitationRequest'];
type AcceptedInvitation = components['schemas']['AcceptedInvitation'];

/**
 * Invitations to an organisation (README "Invitations"). Administrators invite by address: a person without an account
 * gets a mailed one-time link (`/invitation/<token>`, like the reset link only the token's hash is stored) on which
 * they set a password and their name; an account that exists is added at once and told by mail.
 */

const inviter = alias(users, 'inviter');
/** The account of the invited address, when one exists (by now). */
const invitee = alias(users, 'invitee');
const accountExists = sql<boolean>`${invitee.id} is not null`;

/** An invitation as the Protokoll names it: by its address. */
const invitationSubject = (email: string): AuditSubject => ({ type: 'invitation', id: null, name: email });

/** The organisation's open invitations, oldest first, as `Invitation`s. */
async function selectInvitations(db: Executor, organisationId: number, invitationId?: number) {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      isExpired: sql<boolean>`${invitations.expiresAt} <= now()`,
      inviterId: inviter.id,
      inviterEmail: inviter.email,
      inviterFirstName: inviter.firstName,
      inviterLastName: inviter.lastName,
    })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        invitationId === undefined ? undefined : eq(invitations.id, invitationId),
      ),
    )
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map(
    (row): Invitation => ({
      id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      isExpired: row.isExpired,
      invitedBy:
        row.inviterId === null || row.inviterEmail === null
          ? null
          : {
              id: row.inviterId,
              email: row.inviterEmail,
              firstName: row.inviterFirstName ?? '',
              lastName: row.inviterLastName ?? '',
            },
    }),
  );
}

/** listInvitations: administrators of the organisation (403 for other members, 404 for everybody else). */
export async function listInvitations(
  db: Database,
  caller: Caller,
  organisationId: number,
): Promise<Invitation[]> {
  requireAdministrator(caller.organisations.find((o) => o.id === organisationId));
  return selectInvitations(db, organisationId);
}

/** What the request tells about where the invitation comes from (the link's origin, the operator's log). */
export interface InvitationRequest {
  requestOrigin: string;
  log: ServiceLog;
}

type Planned =
  | { outcome: 'added'; membershipId: number; organisation: string; inviter: string; language: string | null }
  | {
      outcome: 'invited';
      invitationId: number;
      token: string;
      tokenHash: string;
      organisation: string;
      inviter: string;
      language: string | null;
    };

/**
 * inviteMember: an address without an account gets an invitation mail (an open one for the same address is replaced:
 * new link, new expiry), an account is added as a member and told so; a member already answers 409. Administrators of
 * the organisation only, checked before its invitation budget (429) and again in the transaction that writes. The
 * invitation mail is sent before the answer: when it cannot be sent the invitation is removed again and the
 * administrator hears so (503), rather than waiting for a mail that never comes.
 */
export async function inviteMember(
  { db, mailer, throttle, settings }: Pick<Services, 'db' | 'mailer' | 'throttle' | 'settings'>,
  caller: Caller,
  organisationId: number,
  rawEmail: string,
  request: InvitationRequest,
): Promise<InvitationOutcome> {
  const email = normaliseEmail(rawEmail);
  // The contract's rule, again after normalising: nothing is stored or mailed that the answer could not carry.
  if (!isValidEmail(email)) throw InvalidFields.of('email', MESSAGES.field.email);
  // Access first: the organisation's budget is its administrators' business; everybody else hears 404 or 403 as if it
  // had none. The transaction below checks again against the membership as it is when writing.
  requireAdministrator(caller.organisations.find((o) => o.id === organisationId));
  const rule = invitationRule(settings, organisationId);
  const wait = await throttle.lockedFor([rule]);
  if (wait > 0) throw new TooManyAttempts(wait, MESSAGES.invitations.tooMany, 'invitationsThrottled');
  const origin = mailLinkOrigin(settings.publicUrl, request.requestOrigin);

  const planned = await db.transaction(async (tx): Promise<Planned> => {
    requireAdministrator(await ownMembership(tx, caller, organisationId));
    const [facts] = await tx
      .select({
        organisation: organisations.name,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        language: users.language,
      })
      .from(organisations)
      .innerJoin(users, eq(users.id, caller.id))
      .where(eq(organisations.id, organisationId));
    if (!facts) throw new NotFound(MESSAGES.request.notFound);
    const from = { organisation: facts.organisation, inviter: inviterName(facts) };

    const [invitee] = await tx
      .select({
        id: users.id,
        language: users.language,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (invitee) {
      const [added] = await tx
        .insert(memberships)
        .values({ userId: invitee.id, organisationId, isAdministrator: false })
        .onConflictDoNothing()
        .returning({ id: memberships.id });
      if (!added)
        throw new Conflict(MESSAGES.invitations.alreadyMember(email), {
          code: 'alreadyMember',
          params: { email },
        });
      await audit.record(tx, {
        kind: 'memberAdded',
        actor: caller,
        organisationId,
        subjects: [personSubject(invitee)],
      });
      return { outcome: 'added', membershipId: added.id, language: invitee.language, ...from };
    }

    if (origin === null) {
      logMissingPublicUrl(request.log, 'invitation mail', request.requestOrigin);
      throw new Unavailable(MESSAGES.invitations.mailNotSent, { code: 'mailNotSent' });
    }
    const { token, tokenHash } = newLinkToken();
    const values = {
      tokenHash,
      invitedBy: caller.id,
      expiresAt: sql`now() + make_interval(secs => ${settings.invitationTtlSeconds})`,
      createdAt: sql`now()`,
    };
    const [invitation] = await tx
      .insert(invitations)
      .values({ organisationId, email, ...values })
      .onConflictDoUpdate({ target: [invitations.organisationId, invitations.email], set: values })
      .returning({ id: invitations.id });
    if (!invitation) throw new Error('invitation not stored');
    await audit.record(tx, {
      kind: 'memberInvited',
      actor: caller,
      organisationId,
      subjects: [invitationSubject(email)],
    });
    return {
      outcome: 'invited',
      invitationId: invitation.id,
      token,
      tokenHash,
      language: facts.language,
      ...from,
    };
  });

  if (planned.outcome === 'added') {
    // The membership is what counts; a notice that does not go out is only logged.
    await mailer
      .send({
        to: email,
        ...addedToOrganisationMail({ ...planned, loginUrl: origin === null ? null : `${origin}/login` }),
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'membership notice not sent'));
    await throttle.recordFailure([rule]);
    return {
      outcome: 'added',
      membership: await membershipView(db, caller, organisationId, planned.membershipId),
    };
  }

  try {
    await mailer.send({
      to: email,
      ...invitationMail({
        ...planned,
        link: `${origin}/invitation/${planned.token}`,
        email,
        ttlSeconds: settings.invitationTtlSeconds,
      }),
    });
  } catch (error) {
    request.log.error({ err: error }, 'invitation mail not sent');
    // Only this link's invitation: a newer one for the same address (sent meanwhile) stays. The Protokoll, which
    // recorded the invitation with it, says that it went again and why.
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(invitations)
        .where(eq(invitations.tokenHash, planned.tokenHash))
        .returning({ id: invitations.id });
      if (removed.length === 0) return;
      await audit.record(tx, {
        kind: 'invitationWithdrawn',
        actor: caller,
        organisationId,
        subjects: [invitationSubject(email)],
        details: { mailNotSent: true },
      });
    });
    throw new Unavailable(MESSAGES.invitations.mailNotSent, { code: 'mailNotSent' });
  }
  await throttle.recordFailure([rule]);
  const [invitation] = await selectInvitations(db, organisationId, planned.invitationId);
  if (!invitation) throw new NotFound(MESSAGES.invitations.notFound);
  return { outcome: 'invited', invitation };
}

/** withdrawInvitation: the link stops working at once. Administrators of the organisation only. */
export async function withdrawInvitation(
  db: Database,
  caller: Caller,
  organisationId: number,
  invitationId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    requireAdministrator(await ownMembership(tx, caller, organisationId));
    const [removed] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, invitationId), eq(invitations.organisationId, organisationId)))
      .returning({ email: invitations.email });
    if (!removed) throw new NotFound(MESSAGES.invitations.notFound);
    await audit.record(tx, {
      kind: 'invitationWithdrawn',
      actor: caller,
      organisationId,
      subjects: [invitationSubject(removed.email)],
    });
  });
}

const invalidInvitation = () => new NotFound(MESSAGES.invitations.invalid, { code: 'invitationInvalid' });

/** getInvitation: what the link offers, for whoever holds it; 404 `invitationInvalid` once it no longer works. */
export async function invitationDetails(db: Database, token: string): Promise<InvitationDetails> {
  const [row] = await db
    .select({
      email: invitations.email,
      organisationId: organisations.id,
      organisation: organisations.name,
      expiresAt: invitations.expiresAt,
      inviterFirstName: inviter.firstName,
      inviterLastName: inviter.lastName,
      accountExists,
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .leftJoin(invitee, eq(invitee.email, invitations.email))
    .where(and(eq(invitations.tokenHash, secretHash(token)), gt(invitations.expiresAt, sql`now()`)));
  if (!row) throw invalidInvitation();
  return {
    email: row.email,
    organisation: { id: row.organisationId, name: row.organisation },
    invitedBy:
      row.inviterFirstName === null
        ? null
        : { firstName: row.inviterFirstName, lastName: row.inviterLastName ?? '' },
    expiresAt: row.expiresAt.toISOString(),
    accountExists: row.accountExists,
  };
}

/** The new account's password (spec §5) and names, all problems at once before anything is written. */
async function newAccountFields(body: AcceptInvitationRequest) {
  const errors = fieldErrors();
  const firstName = body.firstName?.trim() ?? '';
  const lastName = body.lastName?.trim() ?? '';
  for (const [field, value] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const) {
    const refusal = value === '' ? MESSAGES.field.required : nameProblem(value);
    if (refusal) addFieldError(errors, field, refusal);
  }
  const password = body.password ?? '';
  if (password === '') addFieldError(errors, 'password', MESSAGES.field.required);
  else {
    const problem = newPasswordProblem(password);
    if (problem) addFieldError(errors, 'password', problem);
  }
  throwFieldErrors(errors);
  return { firstName, lastName, passwordHash: await hashPassword(password) };
}

/**
 * acceptInvitation: uses the invitation up and makes its address a member, creating the account with the chosen
 * password and names when none exists (it then accepts the terms at its first sign-in, like every new user). All in
 * one transaction: a refused password leaves the link working.
 */
export async function acceptInvitation(
  db: Database,
  body: AcceptInvitationRequest,
): Promise<AcceptedInvitation> {
  const tokenHash = secretHash(body.token);
  const open = and(eq(invitations.tokenHash, tokenHash), gt(invitations.expiresAt, sql`now()`));
  const invalidToken = () => InvalidFields.of('token', MESSAGES.invitations.invalid);
  // Whether the fields are needed depends on the account; the password is hashed before the transaction (it is slow).
  const [pending] = await db
    .select({ accountExists })
    .from(invitations)
    .leftJoin(invitee, eq(invitee.email, invitations.email))
    .where(open);
  if (!pending) throw invalidToken();
  const newAccount = pending.accountExists ? null : await newAccountFields(body);

  return db.transaction(async (tx) => {
    const [claimed] = await tx.delete(invitations).where(open).returning({
      organisationId: invitations.organisationId,
      email: invitations.email,
      isAdministrator: invitations.isAdministrator,
    });
    if (!claimed) throw invalidToken();
    const [organisation] = await tx
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, claimed.organisationId));
    if (!organisation) throw invalidToken();

    const [created] = newAccount
      ? await tx
          .insert(users)
          .values({ email: claimed.email, ...newAccount })
          .onConflictDoNothing()
          .returning({ id: users.id })
      : [];
    // Without a new account (or when one was created meanwhile) the address's account joins as it is.
    const [existing] = created
      ? []
      : await tx.select({ id: users.id }).from(users).where(eq(users.email, claimed.email));
    const userId = created?.id ?? existing?.id;
    if (userId === undefined) {
      // The account seemed to exist when the fields were skipped and is gone now: ask again with the fields.
      throw InvalidFields.of('password', MESSAGES.field.required);
    }
    await tx
      .insert(memberships)
      .values({ userId, organisationId: organisation.id, isAdministrator: claimed.isAdministrator })
      .onConflictDoUpdate({
        // Staff's invitation onboards an administrator: a member already gets the flag; a member's never drops it.
        target: [memberships.userId, memberships.organisationId],
        set: { isAdministrator: sql`memberships.is_administrator or excluded.is_administrator` },
      });
    // The new member is the one who acted; the invitation they used is what the entry is about.
    const person = await personOf(tx, userId);
    await audit.record(tx, {
      kind: 'invitationAccepted',
      actor: { id: userId },
      organisationId: organisation.id,
      subjects: [person, invitationSubject(claimed.email)],
    });
    return { email: claimed.email, organisation, accountExisted: created === undefined };
  });
}
