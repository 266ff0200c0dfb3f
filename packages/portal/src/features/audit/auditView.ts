import type { AuditKind, ListAuditEntriesQuery } from '@portal/api';
import { isAuditKind } from '@portal/domain';

/** Where the Protokoll lives (administrators and staff; no help topic: spec §2 names none). */
export const PROTOCOL_PATH = '/dashboard/protocol';

/**
 * The Protokoll's view as it lives in the URL: the time range as whole days of the reader's calendar (`from` and
 * `to` both included), the kind, person, headset and organisation under the contract's names, and the cursor of the
 * page. A filter change starts again on the newest page.
 */
export interface AuditView {
  /** First day shown, 'YYYY-MM-DD', or '' for no start. */
  from: string;
  /** Last day shown, 'YYYY-MM-DD', or '' for no end. */
  to: string;
  kind: AuditKind | undefined;
  actor: number | undefined;
  device: number | undefined;
  organisation: number | undefined;
  /** A cursor the server handed out (`next`, `previous`, `last`); none for the newest page. */
  cursor: string | undefined;
}

export const EMPTY_AUDIT_VIEW: AuditView = {
  from: '',
  to: '',
  kind: undefined,
  actor: undefined,
  device: undefined,
  organisation: undefined,
  cursor: undefined,
};

export const ID_FILTERS = ['actor', 'device', 'organisation'] as const;
export type AuditIdFilter = (typeof ID_FILTERS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00`));
const isId = (value: string | null): value is string =>
  value !== null && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647;
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** Reads the view from the URL; anything malformed (a hand-edited link) is left out. */
export function parseAuditView(params: URLSearchParams): AuditView {
  const read = (name: AuditIdFilter) => {
    const value = params.get(name);
    return isId(value) ? Number(value) : undefined;
  };
  const from = params.get('from');
  const to = params.get('to');
  const kind = params.get('kind');
  const cursor = params.get('cursor');
  return {
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    kind: isAuditKind(kind) ? kind : undefined,
    actor: read('actor'),
    device: read('device'),
    organisation: read('organisation'),
    cursor: cursor !== null && CURSOR.test(cursor) ? cursor : undefined,
  };
}

/** The URL form of a view, in a fixed order (equal views, equal URLs); the reverse of {@link parseAuditView}. */
export function auditViewParams(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.kind) params.set('kind', view.kind);
  for (const name of ID_FILTERS) {
    const value = view[name];
    if (value !== undefined) params.set(name, String(value));
  }
  if (view.cursor) params.set('cursor', view.cursor);
  return params;
}

export function auditViewHref(view: AuditView): string {
  const query = auditViewParams(view).toString();
  return query === '' ? PROTOCOL_PATH : `${PROTOCOL_PATH}?${query}`;
}

/** Another filter: the list starts again on the newest page. */
export function withAuditFilter(view: AuditView, change: Partial<Omit<AuditView, 'cursor'>>): AuditView {
  return { ...view, ...change, cursor: undefined };
}

/** The same filters on another page. */
export const atCursor = (view: AuditView, cursor: string | null | undefined): AuditView => ({
  ...view,
  cursor: cursor ?? undefined,
});

export function isFiltered(view: AuditView): boolean {
  return auditViewParams({ ...view, cursor: undefined }).toString() !== '';
}

/** The start of a calendar day where the reader is, as the server's time (`from` includes it). */
function startOfDay(day: string, daysLater = 0): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + daysLater).toISOString();
}

/**
 * The contract's filters of a view (listAuditEntries and exportAuditEntries): the days become times, `to` the start
 * of the day after the last one shown, which the server excludes.
 */
export type AuditFilterQuery = Omit<ListAuditEntriesQuery, 'cursor' | 'page_size'>;
export function auditFiltersOf(view: AuditView): AuditFilterQuery {
  const query: AuditFilterQuery = {};
  if (view.from) query.from = startOfDay(view.from);
  if (view.to) query.to = startOfDay(view.to, 1);
  if (view.kind) query.kind = view.kind;
  for (const name of ID_FILTERS) {
    const value = view[name];
    if (value !== undefined) query[name] = value;
  }
  return query;
}

/** A range whose last day lies before its first: the server would refuse it, so the page says so first. */
export function rangeIsBackwards(view: AuditView): boolean {
  return view.from !== '' && view.to !== '' && view.to < view.from;
}
