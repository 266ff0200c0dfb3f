import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD_HASH_COST } from '../test/databaseSnapshot.ts';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('are made at the production cost unless a cost is asked for, and carry it', async () => {
    expect(PASSWORD_HASH_COST).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    const stored = await hashPassword('portal2026');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('portal2026', stored)).toBe(true);
    expect(await verifyPassword('portal2027', stored)).toBe(false);
  });

  it('are checked at the cost they were made with (the tests’ cheaper demo hash)', async () => {
    const stored = await hashPassword('portal2026', TEST_PASSWORD_HASH_COST);
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('portal2026', stored)).toBe(true);
    expect(await verifyPassword('Portal2026', stored)).toBe(false);
  });
});
