import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../errors.ts';
import { MediaLinks } from './mediaLinks.ts';

const SECRET = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
const TTL = 6 * 3600;
// A second past the hour: the expiry steps are whole hours (a sixth of 6 h).
const NOON = Date.UTC(2026, 10, 20, 12, 0, 1);
const FILE = '/media/files/content/AAAAAAAAAAAAAAAAAAAAAA/rundgang.mp4';
const KEY = 'content/AAAAAAAAAAAAAAAAAAAAAA/rundgang.mp4';

const linksAt = (now: number) => new MediaLinks(SECRET, TTL, () => now);
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://portal.example').searchParams);

describe('MediaLinks', () => {
  it('signs store URLs for a grant and leaves public, demo and external URLs as they are', () => {
    const links = linksAt(NOON);
    expect(links.link(FILE, null)).toBe(FILE);
    expect(links.link(null, { organisationId: 3 })).toBeNull();
    expect(links.link('/media/demo/app.bin', { organisationId: 3 })).toBe('/media/demo/app.bin');
    expect(links.link('https://example.org/a.mp4', { organisationId: 3 })).toBe('https://example.org/a.mp4');
    expect(links.link(FILE, { organisationId: 3 })).toMatch(
      /^\/media\/files\/content\/A{22}\/rundgang\.mp4\?org=3&expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(links.link(FILE, 'signedIn')).toMatch(/\?expires=\d+&signature=[0-9a-f]{64}$/);
  });

  it('keeps a URL for at least its lifetime and the same URL for a sixth of it, so browsers can cache it', () => {
    const first = linksAt(NOON).link(FILE, { organisationId: 3 });
    const expires = Number(queryOf(first).expires);
    expect(expires * 1000 - NOON).toBeGreaterThanOrEqual(TTL * 1000);
    expect(expires * 1000 - NOON).toBeLessThan((TTL + TTL / 6) * 1000);
    // Another request a little later, within the same step: the same URL.
    const later = linksAt(NOON + 10 * 60 * 1000).link(FILE, { organisationId: 3 });
    expect(later).toBe(first);
    expect(linksAt(NOON + 61 * 60 * 1000).link(FILE, { organisationId: 3 })).not.toBe(first);
  });

  it('reads back the grant of its own URLs only', () => {
    const links = linksAt(NOON);
    expect(links.grantOf(KEY, {})).toBeNull();
    expect(links.grantOf(KEY, queryOf(links.link(FILE, { organisationId: 3 })))).toEqual({
      organisationId: 3,
    });
    expect(links.grantOf(KEY, queryOf(links.link(FILE, 'signedIn')))).toBe('signedIn');
    const query = queryOf(links.link(FILE, { organisationId: 3 }));
    const refused = [
      { ...query, org: '4' },
      { ...query, expires: String(Number(query.expires) + 1) },
      { ...query, signature: '0'.repeat(64) },
      { expires: query.expires, signature: query.signature },
      { ...query, org: ['3', '3'] },
    ];
    for (const tampered of refused) expect(() => links.grantOf(KEY, tampered)).toThrow(NotFound);
    expect(() => links.grantOf('content/other/rundgang.mp4', query)).toThrow(NotFound);
    // Another secret signs differently.
    const stranger = new MediaLinks(Buffer.alloc(16, 1), TTL, () => NOON);
    expect(() => stranger.grantOf(KEY, query)).toThrow(NotFound);
  });

  it('refuses an expired URL of its own with 403 (its holder did see the file)', () => {
    const query = queryOf(linksAt(NOON).link(FILE, { organisationId: 3 }));
    const afterwards = linksAt(NOON + (TTL + TTL / 6) * 1000 + 1000);
    expect(() => afterwards.grantOf(KEY, query)).toThrow(Forbidden);
  });
});
