import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/database.ts';
import { appSettings, refreshTokens } from '../../db/schema.ts';
import type { Executor } from '../../db/sql.ts';

export interface TokenSettings {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export type RefreshOutcome =
  | { ok: true; userId: number; tokens: TokenPair }
  | { ok: false; reason: 'invalid' | 'expired' | 'reused' };

const ISSUER = 'vr-portal';

/**
 * How long a rotated refresh token still gets the pair it was exchanged for (issue 25). Two tabs renewing with the
 * same token at once, or a page load that cuts off a renewal whose answer never arrived, present a token the server
 * has just rotated: within the leeway they get the same successor pair, so the session goes on. Afterwards a reuse
 * means a stolen token and ends the session (family) as before.
 */
export const REFRESH_REUSE_LEEWAY_SECONDS = 30;

/**
 * The successor pair is stored sealed with the refresh token it replaced (AES-256-GCM, key = SHA-256 of that token):
 * only who presents the spent token can open it, and the database — or a dump of it — holds no usable token.
 */
function sealSuccessor(spent: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(spent), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

function openSuccessor(spent: string, stored: string): TokenPair | null {
  const [iv, sealed, tag] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !sealed || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', successorKey(spent), iv);
    decipher.setAuthTag(tag);
    const pair = JSON.parse(Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8'));
    return typeof pair?.access === 'string' && typeof pair?.refresh === 'string'
      ? { access: pair.access, refresh: pair.refresh }
      : null;
  } catch {
    return null;
  }
}

function successorKey(spent: string): Buffer {
  return createHash('sha256').update(`vr-portal refresh successor\0${spent}`).digest();
}

/**
 * Reads JWT_SECRET when given; otherwise keeps a random secret in the database, so restarts (and other server
 * processes on the same database) accept the sessions issued before.
 */
export async function loadSigningSecret(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const candidate = randomBytes(48).toString('base64url');
  await db.insert(appSettings).values({ key: 'jwt_secret', value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('JWT secret missing after insert');
  return new TextEncoder().encode(row.value);
}

export class TokenService {
  constructor(
    private readonly db: Database,
    private readonly secret: Uint8Array,
    readonly settings: TokenSettings,
  ) {}

  private sign(claims: Record<string, string>, userId: number, ttlSeconds: number, jti: string) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.secret);
  }

  /**
   * Issues an access token and a refresh token whose id is stored, so it can be revoked and rotated. Both name the
   * session (the refresh family, claim `fam`): a call made with the access token can tell its own session from the
   * user's others (a password change ends only the others).
   */
  async issue(
    userId: number,
    familyId: string = randomUUID(),
    db: Executor = this.db,
  ): Promise<TokenPair & { jti: string }> {
    const jti = randomUUID();
    const expiresAt = new Date(Date.now() + this.settings.refreshTtlSeconds * 1000);
    await db.insert(refreshTokens).values({ jti, userId, familyId, expiresAt });
    const [access, refresh] = await Promise.all([
      this.sign(
        { token_type: 'access', fam: familyId },
        userId,
        this.settings.accessTtlSeconds,
        randomUUID(),
      ),
      this.sign({ token_type: 'refresh', fam: familyId }, userId, this.settings.refreshTtlSeconds, jti),
    ]);
    return { access, refresh, jti };
  }

  /**
   * The user and session (refresh family) of a valid access token, or null; signature and expiry only. Whether the
   * session is still alive is checked when the caller is loaded (services/access.ts). `familyId` is null for access
   * tokens issued before they named their session.
   */
  async verifyAccessSession(token: string): Promise<{ userId: number; familyId: string | null } | null> {
    const payload = await this.verify(token, 'access');
    return payload && !payload.expired ? { userId: payload.userId, familyId: payload.familyId } : null;
  }

  private async verify(
    token: string,
    type: 'access' | 'refresh',
  ): Promise<
    { userId: number; jti: string; familyId: string | null; expired: false } | { expired: true } | null
  > {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (payload.token_type !== type || !Number.isInteger(userId) || typeof payload.jti !== 'string')
        return null;
      const familyId = typeof payload.fam === 'string' ? payload.fam : null;
      return { userId, jti: payload.jti, familyId, expired: false };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { expired: true };
      return null;
    }
  }

  /**
   * Exchanges a refresh token for a new pair; the old one is revoked. Presenting it again within
   * REFRESH_REUSE_LEEWAY_SECONDS gives the same pair once more (stored with the old token, so any server process on
   * the database gives it); later, or once the session has ended, it ends its family. Revoking the old token and
   * storing the new one is one transaction: in between, the family would have no live refresh token, and the access
   * tokens still in use would be refused (the caller's session check).
   */
  async rotate(refresh: string): Promise<RefreshOutcome> {
    const verified = await this.verify(refresh, 'refresh');
    if (!verified) return { ok: false, reason: 'invalid' };
    if (verified.expired) return { ok: false, reason: 'expired' };
    const { jti, userId } = verified;
    const rotated = await this.db.transaction(async (tx) => {
      // Conditional update: of two concurrent rotations with the same token exactly one wins; the other waits for
      // its commit (PostgreSQL's row lock; PGlite runs one transaction at a time) and finds the successor below.
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.jti, jti),
            isNull(refreshTokens.revokedAt),
            sql`${refreshTokens.expiresAt} > now()`,
          ),
        )
        .returning({ familyId: refreshTokens.familyId, userId: refreshTokens.userId });
      if (!claimed) return null;
      const tokens = await this.issue(claimed.userId, claimed.familyId, tx);
      const successor = sealSuccessor(refresh, { access: tokens.access, refresh: tokens.refresh });
      await tx
        .update(refreshTokens)
        .set({ replacedBy: tokens.jti, successor })
        .where(eq(refreshTokens.jti, jti));
      return tokens;
    });
    if (rotated) return { ok: true, userId, tokens: { access: rotated.access, refresh: rotated.refresh } };
    const [known] = await this.db
      .select({
        familyId: refreshTokens.familyId,
        successor: refreshTokens.successor,
        // A rotation (not a logout or a revoked family) within the leeway, while the session still lives. The outer
        // table is named in full: Drizzle writes its columns unqualified, which inside the subquery mean live's own.
        withinLeeway: sql<boolean>`${refreshTokens.replacedBy} is not null
          and ${refreshTokens.revokedAt} > now() - make_interval(secs => ${REFRESH_REUSE_LEEWAY_SECONDS})
          and exists (select 1 from refresh_tokens live where live.family_id = refresh_tokens.family_id
            and live.revoked_at is null and live.expires_at > now())`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, jti));
    if (!known) return { ok: false, reason: 'invalid' };
    const successor = known.withinLeeway && known.successor ? openSuccessor(refresh, known.successor) : null;
    if (successor) return { ok: true, userId, tokens: successor };
    await this.revokeFamily(known.familyId);
    return { ok: false, reason: 'reused' };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /**
   * Revokes the session a refresh token belongs to. Only the owner's tokens are touched when a user id is known.
   * Returns false when the token is not a refresh token this server issued.
   */
  async revokeRefresh(refresh: string, userId: number | null): Promise<boolean> {
    const verified = await this.verify(refresh, 'refresh');
    if (!verified || verified.expired) return false;
    if (userId !== null && verified.userId !== userId) return false;
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, verified.jti));
    if (!row) return false;
    await this.revokeFamily(row.familyId);
    return true;
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
}
