import { formatBytes } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql.ts';
import { TooLarge } from '../../errors.ts';
import { MEDIA_FILES_PREFIX } from '../../infra/storage.ts';
import { MESSAGES } from '../../messages.ts';

/**
 * The storage quota of an organisation (STORAGE_QUOTA_BYTES): what its items keep in the media store — content files,
 * preview images and documents (attached to its items, or uploaded by it and not attached yet) — plus the announced
 * size of its unfinished content uploads, which are reserved from their start. Nothing is counted twice and nothing
 * is cached: deleting an item or file frees its bytes at once. Files of the demo data that live outside the store
 * (`/media/demo/…`) and operating system images (portal staff, no organisation) count for nobody.
 */

/** Whose quota a new file counts against. */
export interface QuotaAccount {
  organisationId: number;
  /** The content item whose current file the new one replaces when it completes: those bytes are freed then. */
  replacesFileOf?: number;
}

/** 413 `storageQuotaExceeded`; `params` carry the quota and what is in use, for clients that word it themselves. */
export function storageQuotaExceeded(quotaBytes: number, usedBytes: number): TooLarge {
  const bytes = (value: number) => formatBytes(value) ?? `${value} Bytes`;
  return new TooLarge(MESSAGES.files.quotaExceeded(bytes(usedBytes), bytes(quotaBytes)), {
    code: 'storageQuotaExceeded',
    params: { quotaBytes, usedBytes },
  });
}

/** Bytes the organisation keeps in the store, without the file `account.replacesFileOf` and the upload `exceptUpload`. */
export async function usedStorageBytes(
  db: Executor,
  account: QuotaAccount,
  exceptUpload?: string,
): Promise<number> {
  const organisation = account.organisationId;
  const replaced = account.replacesFileOf ?? null;
  const result = await db.execute<{ used: string }>(sql`
    select
      coalesce((select sum(c.file_size) from contents c
        where c.owner_id = ${organisation} and c.file like ${`${MEDIA_FILES_PREFIX}%`}
          and c.id is distinct from ${replaced}::integer), 0)
      + coalesce((select sum(f.file_size) from stored_files f join contents c on c.id = f.content_id
        where c.owner_id = ${organisation}), 0)
      + coalesce((select sum(f.file_size) from stored_files f
        where f.content_id is null and f.organisation_id = ${organisation}), 0)
      + coalesce((select sum(u.file_size) from multipart_uploads u join contents c on c.id = u.target_id
        where u.target_kind = 'content' and c.owner_id = ${organisation} and u.expires_at > now()
          and u.id is distinct from ${exceptUpload ?? null}::text), 0)
      as used`);
  return Number(result.rows[0]?.used ?? 0);
}

/**
 * Refuses `addedBytes` more for the account's organisation when they would exceed its quota: the one portal staff set
 * for it (`organisations.storage_quota_bytes`), else `defaultQuotaBytes` (null: no quota).
 * Locks the organisation's row until the caller's transaction ends, so two checks of one organisation never run
 * side by side: the one that writes first (an upload's reservation, a stored file's row) is seen by the other.
 */
export async function requireStorageRoom(
  tx: Executor,
  defaultQuotaBytes: number | null,
  account: QuotaAccount,
  addedBytes: number,
  exceptUpload?: string,
): Promise<void> {
  const locked = await tx.execute<{ quota: string | number | null }>(
    sql`select storage_quota_bytes as quota from organisations where id = ${account.organisationId} for update`,
  );
  const own = locked.rows[0]?.quota ?? null;
  const quotaBytes = own === null ? defaultQuotaBytes : Number(own);
  if (quotaBytes === null) return;
  const used = await usedStorageBytes(tx, account, exceptUpload);
  if (used + addedBytes > quotaBytes) throw storageQuotaExceeded(quotaBytes, used);
}
