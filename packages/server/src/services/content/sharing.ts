import { sql } from 'drizzle-orm';
import { type Executor, intArray } from '../../db/sql.ts';
import { InvalidFields } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';

/** What a share request does with its organisations. */
export type ShareAction = 'add' | 'remove';

/**
 * The rules of a share request, the same for content and playlists: every id names an existing organisation, and
 * nothing is shared with the organisation that owns it (400 on `organisation_ids`). Sharing twice and withdrawing a
 * share that does not exist are harmless, so they are no error. Who may share (the owner) is the access policy's.
 */
export async function checkShareRequest(
  tx: Executor,
  organisationIds: readonly number[],
  ownerId: number,
  action: ShareAction,
  shareWithOwner: string,
): Promise<void> {
  const existing = await tx.execute<{ id: number }>(
    sql`select id from organisations where id = any(${intArray(organisationIds)})`,
  );
  const known = new Set(existing.rows.map((row) => Number(row.id)));
  const missing = organisationIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw InvalidFields.of('organisation_ids', MESSAGES.content.unknownOrganisations(missing));
  }
  if (action === 'add' && organisationIds.includes(ownerId)) {
    throw InvalidFields.of('organisation_ids', shareWithOwner);
  }
}
