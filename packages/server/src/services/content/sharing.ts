import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray } from '../../db/sql.ts';
import { InvalidFields } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import type { AuditSubject } from '../audit/index.ts';

/** What a share request does with its organisations. */
export type ShareAction = 'add' | 'remove';

/**
 * The rules of a share request, the same for content and playlists: every id names an existing organisation, and
 * nothing is shared with the organisation that owns it (400 on `organisation_ids`). Sharing twice and withdrawing a
 * share that does not exist are harmless, so they are no error. Who may share (the owner) is the access policy's.
 * Answers the organisations by name, for the Protokoll.
 */
export async function checkShareRequest(
  tx: Executor,
  organisationIds: readonly number[],
  ownerId: number,
  action: ShareAction,
  shareWithOwner: string,
): Promise<{ id: number; name: string }[]> {
  const existing = await tx.execute<{ id: number; name: string }>(
    sql`select id, name from organisations where id = any(${intArray(organisationIds)}) order by name, id`,
  );
  const known = new Set(existing.rows.map((row) => Number(row.id)));
  const missing = organisationIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw InvalidFields.of('organisation_ids', MESSAGES.content.unknownOrganisations(missing));
  }
  if (action === 'add' && organisationIds.includes(ownerId)) {
    throw InvalidFields.of('organisation_ids', shareWithOwner);
  }
  return existing.rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** The organisations of a share request as the Protokoll's subjects. */
export function organisationSubjects(organisations: readonly { id: number; name: string }[]): AuditSubject[] {
  return organisations.map((organisation) => ({ type: 'organisation', ...organisation }));
}

/** Where the shares of a kind of thing are kept: the table and the column of the shared thing's id. */
export interface ShareTable {
  table: SQL;
  key: SQL;
}

/**
 * Writes a checked share request ({@link checkShareRequest}) of a playlist or lesson plan: adds the organisations
 * (twice harmless) or withdraws them.
 */
export async function writeShares(
  tx: Executor,
  shares: ShareTable,
  id: number,
  organisationIds: readonly number[],
  action: ShareAction,
): Promise<void> {
  if (action === 'add') {
    await tx.execute(sql`insert into ${shares.table} (${shares.key}, organisation_id)
      select ${id}, organisation_id from unnest(${intArray(organisationIds)}) as organisation_id
      on conflict do nothing`);
  } else {
    await tx.execute(sql`delete from ${shares.table}
      where ${shares.key} = ${id} and organisation_id = any(${intArray(organisationIds)})`);
  }
}
