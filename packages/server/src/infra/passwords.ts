import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters. They are stored with each hash, so a check always uses the cost the hash was made with. */
export interface PasswordHashCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The cost of every password hash the server makes (N=2^15, r=8, p=1: ~32 MiB and tens of milliseconds per check);
 * it can be raised later without invalidating existing passwords.
 */
export const PASSWORD_HASH_COST: PasswordHashCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, cost: PasswordHashCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 128 * cost.N * cost.r * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Returns `scrypt$N$r$p$salt$hash` (base64 parts) with a fresh random salt. Only the tests' demo-data snapshot asks
 * for a lower `cost` (src/test/databaseSnapshot.ts); the server always hashes at {@link PASSWORD_HASH_COST}.
 */
export async function hashPassword(
  password: string,
  cost: PasswordHashCost = PASSWORD_HASH_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await derive(password, salt, cost);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that never matches, checked when the account does not exist so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Hex SHA-256: how long random secrets (password-reset tokens, device tokens, enrolment codes) are stored. They carry
 * enough randomness that a fast hash suffices; the secrets themselves are never stored.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
