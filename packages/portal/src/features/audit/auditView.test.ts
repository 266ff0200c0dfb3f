import { describe, expect, it } from 'vitest';
import {
  atCursor,
  auditFiltersOf,
  auditViewHref,
  EMPTY_AUDIT_VIEW,
  isFiltered,
  parseAuditView,
  rangeIsBackwards,
  withAuditFilter,
} from './auditView.ts';

const view = (search: string) => parseAuditView(new URLSearchParams(search));

describe('the Protokoll’s view in the URL', () => {
  it('reads every filter and the cursor, and writes them back in a fixed order', () => {
    const read = view('cursor=eyJkIjoibyJ9&device=7&actor=3&kind=command&to=2026-11-27&from=2026-11-01');
    expect(read).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
      kind: 'command',
      actor: 3,
      device: 7,
      organisation: undefined,
      cursor: 'eyJkIjoibyJ9',
    });
    expect(auditViewHref(read)).toBe(
      '/dashboard/protocol?from=2026-11-01&to=2026-11-27&kind=command&actor=3&device=7&cursor=eyJkIjoibyJ9',
    );
  });

  it('leaves out what a hand-edited link gets wrong', () => {
    expect(view('from=gestern&kind=login&actor=0&device=abc&organisation=99999999999&cursor=a%20b')).toEqual(
      EMPTY_AUDIT_VIEW,
    );
    expect(auditViewHref(EMPTY_AUDIT_VIEW)).toBe('/dashboard/protocol');
  });

  it('starts again on the newest page when a filter changes, and keeps the filters when the page does', () => {
    const paged = view('kind=command&cursor=abc');
    expect(withAuditFilter(paged, { actor: 5 })).toMatchObject({
      kind: 'command',
      actor: 5,
      cursor: undefined,
    });
    expect(atCursor(paged, 'def')).toMatchObject({ kind: 'command', cursor: 'def' });
    expect(isFiltered(paged)).toBe(true);
    expect(isFiltered(view('cursor=abc'))).toBe(false);
  });

  it('asks the server for whole days where the reader is: the last day included', () => {
    const filters = auditFiltersOf(view('from=2026-11-26&to=2026-11-27&device=4'));
    expect(filters).toEqual({
      from: new Date(2026, 10, 26).toISOString(),
      to: new Date(2026, 10, 28).toISOString(),
      device: 4,
    });
    expect(rangeIsBackwards(view('from=2026-11-27&to=2026-11-26'))).toBe(true);
    expect(rangeIsBackwards(view('from=2026-11-27&to=2026-11-27'))).toBe(false);
  });
});
