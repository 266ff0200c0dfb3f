import type { components } from '@portal/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql.ts';
import { Conflict, hasSqlState, InvalidFields, NotFound } from '../../errors.ts';
import { MESSAGES, type PublicationOutcome, publicationDecisionMail } from '../../messages.ts';
import {
  type Caller,
  contentVisibleTo,
  mayMakeContentPublic,
  requireContentModerator,
  requirePublicationProposer,
  requirePublicationReader,
} from '../access.ts';
import { audit } from '../audit/index.ts';
import type { Services } from '../dependencies.ts';
import { removeContentWhereNoLongerVisible } from './configurationItems.ts';
import type { MediaLinks } from './mediaLinks.ts';

/**
 * Moderieren (issue 24, item 1): a member proposes an item of their organisation for every school; content
 * administrators and staff approve (the item becomes public) or reject it with a reason, and withdraw public items.
 * Nothing becomes public without their decision. Each step is recorded in the Protokoll in the transaction that makes
 * it; the proposer hears of a decision by mail, after the transaction (a mail that does not go out is only logged:
 * the decision stands and shows on the item).
 */

type Schemas = components['schemas'];
export type PublicationRequestView = Schemas['PublicationRequest'];
export type PublicationState = Schemas['PublicationState'];
export type ContentPublicationView = Schemas['ContentPublication'];

/** The most requests one queue answer lists (the contract's `maxItems`). */
export const PUBLICATION_QUEUE_LIMIT = 200;

/** What a decision needs besides the caller: the mailer, and the portal's origin for the item's link (null: none). */
export interface PublicationNotice {
  portalOrigin: string | null;
  log: { error(details: object, message: string): void };
}

type Reader = Pick<Services, 'db' | 'mediaLinks'>;
type Decider = Pick<Services, 'db' | 'mediaLinks' | 'mailer'>;

type RequestRow = {
  id: number;
  state: PublicationState;
  note: string;
  reason: string | null;
  requested_at: Date | string;
  decided_at: Date | string | null;
  requester_id: number | null;
  requester_name: string | null;
  requester_email: string | null;
  requester_language: string | null;
  decider_id: number | null;
  decider_name: string | null;
  decider_email: string | null;
  content_id: number;
  title: string;
  description: string;
  content_type: PublicationRequestView['content']['contentType'];
  format: string | null;
  min_age: number | null;
  max_age: number | null;
  file_size: string | number | null;
  preview_image: string | null;
  is_public: boolean;
  owner_id: number;
  owner_name: string;
  owner_type: number;
};

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`);

async function selectRequests(db: Executor, where: SQL, orderBy: SQL, limit: number): Promise<RequestRow[]> {
  const result = await db.execute<RequestRow>(sql`
    select r.id, r.state, r.note, r.reason, r.requested_at, r.decided_at,
      rb.id as requester_id, ${personName('rb')} as requester_name, rb.email as requester_email,
      rb.language as requester_language,
      db.id as decider_id, ${personName('db')} as decider_name, db.email as decider_email,
      c.id as content_id, c.title, c.description, c.content_type, c.format, c.min_age, c.max_age, c.file_size,
      c.preview_image, c.is_public, o.id as owner_id, o.name as owner_name, o.organisation_type as owner_type
    from publication_requests r
    join contents c on c.id = r.content_id
    join organisations o on o.id = c.owner_id
    left join users rb on rb.id = r.requested_by
    left join users db on db.id = r.decided_by
    where ${where}
    order by ${orderBy}
    limit ${limit}`);
  return result.rows;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: RequestRow, links: MediaLinks): PublicationRequestView {
  const person = (id: number | null, name: string | null, email: string | null) =>
    id === null || email === null ? null : { id, name: name ?? email, email };
  return {
    id: row.id,
    state: row.state,
    note: row.note,
    reason: row.reason,
    requestedAt: iso(row.requested_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    requestedBy: person(row.requester_id, row.requester_name, row.requester_email),
    decidedBy: person(row.decider_id, row.decider_name, row.decider_email),
    content: {
      id: row.content_id,
      title: row.title,
      description: row.description,
      contentType: row.content_type,
      format: row.format,
      minAge: row.min_age,
      maxAge: row.max_age,
      fileSize: row.file_size === null ? null : Number(row.file_size),
      // A moderator is no member of the owner: the preview is signed for the owner, whose item it is.
      previewImage: links.link(row.preview_image, row.is_public ? null : { organisationId: row.owner_id }),
      isPublic: row.is_public,
      owner: { id: row.owner_id, name: row.owner_name, organisationType: row.owner_type },
    },
  };
}

/** A note or reason as stored: trimmed; a blank one is refused on its field with `message`. */
function requiredText(field: 'note' | 'reason', text: string | undefined, message: string): string {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') throw InvalidFields.of(field, message);
  return trimmed;
}

type ItemFacts = {
  visible: boolean;
  ownerId: number;
  title: string;
  isPublic: boolean;
};

/** The item as the rules need it; with `lock` its row stays locked until the transaction ends. */
async function itemFacts(db: Executor, caller: Caller, contentId: number, lock: boolean) {
  const result = await db.execute<ItemFacts>(sql`
    select c.owner_id as "ownerId", c.title, c.is_public as "isPublic", ${contentVisibleTo(caller)} as visible
    from contents c where c.id = ${contentId}
    ${lock ? sql`for update of c` : sql``}`);
  return result.rows[0];
}

async function newestRequestOf(db: Executor, links: MediaLinks, contentId: number) {
  const [row] = await selectRequests(db, sql`r.content_id = ${contentId}`, sql`r.id desc`, 1);
  return row === undefined ? null : toView(row, links);
}

/** getContentPublication: the item's newest request, and what the caller may do about it. */
export async function contentPublication(
  { db, mediaLinks }: Reader,
  caller: Caller,
  contentId: number,
): Promise<ContentPublicationView> {
  const item = requirePublicationReader(caller, await itemFacts(db, caller, contentId, false));
  return publicationOf(db, mediaLinks, caller, contentId, item);
}

/** The item's publication as the caller reads it, once the rules let them. */
async function publicationOf(
  db: Executor,
  mediaLinks: MediaLinks,
  caller: Caller,
  contentId: number,
  item: Pick<ItemFacts, 'ownerId' | 'isPublic'>,
): Promise<ContentPublicationView> {
  const request = await newestRequestOf(db, mediaLinks, contentId);
  const isProposer = caller.organisationIds.includes(item.ownerId);
  return {
    isPublic: item.isPublic,
    request,
    mayRequest: isProposer && !item.isPublic && request?.state !== 'pending',
    mayModerate: mayMakeContentPublic(caller),
  };
}

/** requestContentPublication: a member of the owner organisation proposes the item; it waits in the review queue. */
export async function requestPublication(
  { db, mediaLinks }: Reader,
  caller: Caller,
  contentId: number,
  rawNote: string,
): Promise<PublicationRequestView> {
  const note = requiredText('note', rawNote, MESSAGES.moderation.noteRequired);
  try {
    return await db.transaction(async (tx) => {
      const item = requirePublicationProposer(caller, await itemFacts(tx, caller, contentId, true));
      if (item.isPublic) throw new Conflict(MESSAGES.moderation.alreadyPublic);
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into publication_requests (content_id, note, requested_by)
        values (${contentId}, ${note}, ${caller.id}) returning id`);
      await audit.record(tx, {
        kind: 'publicationRequested',
        actor: caller,
        organisationId: item.ownerId,
        subjects: [{ type: 'content', id: contentId, name: item.title }],
        details: { note },
      });
      const [row] = await selectRequests(tx, sql`r.id = ${inserted.rows[0]?.id ?? 0}`, sql`r.id`, 1);
      if (!row) throw new Error('publication request not stored');
      return toView(row, mediaLinks);
    });
  } catch (error) {
    // The item's row lock serialises proposals of one item; the partial unique index is the last word.
    if (hasSqlState(error, '23505')) throw new Conflict(MESSAGES.moderation.alreadyPending);
    throw error;
  }
}

/** listPublicationRequests: the review queue of one state; waiting requests oldest first, decided newest first. */
export async function listPublicationRequests(
  { db, mediaLinks }: Reader,
  caller: Caller,
  state: PublicationState,
): Promise<PublicationRequestView[]> {
  requireContentModerator(caller);
  const order =
    state === 'pending' ? sql`r.requested_at, r.id` : sql`r.decided_at desc nulls last, r.id desc`;
  const rows = await selectRequests(db, sql`r.state = ${state}`, order, PUBLICATION_QUEUE_LIMIT);
  return rows.map((row) => toView(row, mediaLinks));
}

/** The proposer's mail of a decision; a mail that cannot be sent is logged, the decision stands. */
async function tellProposer(
  { mailer }: Pick<Services, 'mailer'>,
  request: RequestRow,
  outcome: PublicationOutcome,
  notice: PublicationNotice,
): Promise<void> {
  if (request.requester_email === null) return;
  const itemUrl =
    notice.portalOrigin === null ? null : `${notice.portalOrigin}/library/${request.content_id}`;
  await mailer
    .send({
      to: request.requester_email,
      ...publicationDecisionMail({
        outcome,
        title: request.title,
        reason: request.reason,
        itemUrl,
        language: request.requester_language,
      }),
    })
    .catch((error: unknown) => notice.log.error({ err: error }, 'publication decision mail not sent'));
}

/**
 * decidePublicationRequest: approving makes the item public, rejecting keeps it private and needs a reason. Only a
 * waiting request is decided (409 otherwise); the request's and the item's rows are locked while deciding.
 */
export async function decidePublicationRequest(
  services: Decider,
  caller: Caller,
  requestId: number,
  decision: { approve: boolean; reason?: string },
  notice: PublicationNotice,
): Promise<PublicationRequestView> {
  requireContentModerator(caller);
  const reason = decision.approve
    ? decision.reason?.trim() || null
    : requiredText('reason', decision.reason, MESSAGES.moderation.reasonRequired);
  const row = await services.db.transaction(async (tx) => {
    const locked = await tx.execute<{ state: PublicationState; content_id: number }>(sql`
      select r.state, r.content_id from publication_requests r
      join contents c on c.id = r.content_id
      where r.id = ${requestId} for update of r, c`);
    const request = locked.rows[0];
    if (!request) throw new NotFound(MESSAGES.moderation.requestNotFound);
    if (request.state !== 'pending') throw new Conflict(MESSAGES.moderation.alreadyDecided);
    await tx.execute(sql`
      update publication_requests
      set state = ${decision.approve ? 'approved' : 'rejected'}, reason = ${reason}, decided_by = ${caller.id},
        decided_at = now()
      where id = ${requestId}`);
    if (decision.approve) {
      await tx.execute(sql`update contents set is_public = true where id = ${request.content_id}`);
    }
    const [decided] = await selectRequests(tx, sql`r.id = ${requestId}`, sql`r.id`, 1);
    if (!decided) throw new NotFound(MESSAGES.moderation.requestNotFound);
    await audit.record(tx, {
      kind: decision.approve ? 'contentPublished' : 'publicationRejected',
      actor: caller,
      organisationId: decided.owner_id,
      subjects: [{ type: 'content', id: decided.content_id, name: decided.title }],
      details: reason === null ? {} : { reason },
    });
    return decided;
  });
  await tellProposer(services, row, decision.approve ? 'approved' : 'rejected', notice);
  return toView(row, services.mediaLinks);
}

/**
 * withdrawContentPublication: a public item becomes private again with a reason. It leaves the playlists of
 * organisations that no longer see it; its newest approved request becomes `withdrawn` and its proposer is told.
 */
export async function withdrawPublication(
  services: Decider,
  caller: Caller,
  contentId: number,
  rawReason: string,
  notice: PublicationNotice,
): Promise<ContentPublicationView> {
  requireContentModerator(caller);
  const reason = requiredText('reason', rawReason, MESSAGES.moderation.reasonRequired);
  const { withdrawn, ownerId } = await services.db.transaction(async (tx) => {
    const item = await itemFacts(tx, caller, contentId, true);
    if (!item?.visible) throw new NotFound(MESSAGES.content.notFound);
    if (!item.isPublic) throw new Conflict(MESSAGES.moderation.notPublic);
    await tx.execute(sql`update contents set is_public = false where id = ${contentId}`);
    await removeContentWhereNoLongerVisible(tx, contentId);
    const updated = await tx.execute<{ id: number }>(sql`
      update publication_requests set state = 'withdrawn', reason = ${reason}, decided_by = ${caller.id},
        decided_at = now()
      where id = (select id from publication_requests where content_id = ${contentId} and state = 'approved'
        order by id desc limit 1)
      returning id`);
    await audit.record(tx, {
      kind: 'contentUnpublished',
      actor: caller,
      organisationId: item.ownerId,
      subjects: [{ type: 'content', id: contentId, name: item.title }],
      details: { reason },
    });
    const requestId = updated.rows[0]?.id;
    const [row] =
      requestId === undefined ? [] : await selectRequests(tx, sql`r.id = ${requestId}`, sql`r.id`, 1);
    return { withdrawn: row ?? null, ownerId: item.ownerId };
  });
  if (withdrawn !== null) await tellProposer(services, withdrawn, 'withdrawn', notice);
  // The moderator may no longer see the item (it is private now): the answer is what they just did.
  return publicationOf(services.db, services.mediaLinks, caller, contentId, { ownerId, isPublic: false });
}
