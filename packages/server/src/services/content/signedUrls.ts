import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { appSettings } from '../../db/schema.ts';

/**
 * The key behind the server's signed URLs — upload part URLs (services/content/uploads.ts) and media file URLs
 * (services/content/mediaLinks.ts), each with a key of its own derived from it: UPLOAD_SIGNING_SECRET, or one generated on
 * the first start and kept in the database, so URLs survive a restart and every server process on one database
 * accepts the others' URLs.
 */
export async function loadUrlSigningSecret(db: Database, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const candidate = randomBytes(32).toString('hex');
  await db
    .insert(appSettings)
    .values({ key: 'upload_signing_secret', value: candidate })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'upload_signing_secret'));
  if (!row) throw new Error('upload signing secret missing after insert');
  return Buffer.from(row.value, 'hex');
}

/** A key for one purpose, so that a signature made for one kind of URL never fits another kind. */
export function purposeKey(secret: Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

/** Hex HMAC-SHA256 of `message`. */
export function signHex(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** Whether `signature` (hex) is the HMAC of `message`, compared in constant time. */
export function signatureMatches(key: Buffer, message: string, signature: string): boolean {
  const expected = Buffer.from(signHex(key, message), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
