import type { components } from '@portal/api/schema';
import {
  type AuditHeadsetState,
  type AuditKind,
  auditHeadsetStateOf,
  auditOutcomeOf,
  isHeadsetFailureCode,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { InvalidFields } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { auditEntriesVisibleTo, type Caller } from '../access.ts';
import { COMMAND_MESSAGE_NOW, COMMAND_STATUS_NOW } from '../commandStatus.ts';
import type { AuditDetails, AuditRefusal, AuditSubject } from './record.ts';

type Schemas = components['schemas'];
export type AuditEntryView = Schemas['AuditEntry'];
export type AuditHeadsetView = Schemas['AuditHeadset'];
type CommandStatus = Schemas['CommandStatus'];

/** What narrows the Protokoll down: time range (`to` exclusive), kind, person, headset, organisation. */
export interface AuditFilters {
  from?: Date | undefined;
  to?: Date | undefined;
  kind?: AuditKind | undefined;
  actor?: number | undefined;
  device?: number | undefined;
  organisation?: number | undefined;
}

/**
 * Where a page starts: after (older than) or before (newer than) an entry's position in the order (time, id), or at
 * the oldest end (`newer` without a position: the last page). Positions carry the time to the microsecond as the
 * database keeps it, so a page never repeats or skips an entry of the same millisecond.
 */
interface Cursor {
  direction: 'older' | 'newer';
  position: { time: string; id: number } | null;
}

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function encodeCursor(cursor: Cursor): string {
  const { direction, position } = cursor;
  const plain = position ? { d: direction[0], t: position.time, i: position.id } : { d: direction[0] };
  return Buffer.from(JSON.stringify(plain)).toString('base64url');
}

/** A cursor of an earlier answer; anything else (edited, truncated, of another server) is a 400 on `cursor`. */
function decodeCursor(text: string): Cursor {
  const invalid = () => InvalidFields.of('cursor', MESSAGES.audit.invalidCursor);
  let plain: unknown;
  try {
    plain = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof plain !== 'object' || plain === null) throw invalid();
  const { d, t, i } = plain as { d?: unknown; t?: unknown; i?: unknown };
  const direction = d === 'o' ? 'older' : d === 'n' ? 'newer' : null;
  if (direction === null) throw invalid();
  if (t === undefined && i === undefined && direction === 'newer') return { direction, position: null };
  if (typeof t !== 'string' || !TIME_KEY.test(t) || Number.isNaN(Date.parse(t))) throw invalid();
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i < 1) throw invalid();
  return { direction, position: { time: t, id: i } };
}

/** The cursor of the last page (the oldest entries), the same for every filter. */
const LAST_PAGE = encodeCursor({ direction: 'newer', position: null });

type EntryRow = {
  id: string | number;
  occurred_at: Date;
  time_key: string;
  kind: AuditKind;
  organisation_id: number | null;
  organisation_name: string | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  subjects: AuditSubject[];
  details: AuditDetails;
  headsets: {
    id: number;
    name: string;
    command_id: number | null;
    status: CommandStatus | null;
    message: string | null;
    code: string | null;
    refusal: AuditRefusal | null;
  }[];
};

/**
 * One page of entries in one statement. Without a headset filter the page is read from audit_entries by one of its
 * indexes in order; with one, from the headset's index of audit_entry_devices (`x`), which carries the entry's time
 * for that purpose. Each entry comes with its headsets and their commands' states as they are now.
 */
async function selectPage(
  db: Database,
  scope: SQL,
  filters: AuditFilters,
  cursor: Cursor,
  limit: number,
): Promise<EntryRow[]> {
  const byDevice = filters.device !== undefined;
  const time = byDevice ? sql`x.occurred_at` : sql`e.occurred_at`;
  const id = byDevice ? sql`x.entry_id` : sql`e.id`;
  const conditions: SQL[] = [scope];
  if (byDevice) conditions.push(sql`x.device_id = ${filters.device}`);
  if (filters.from) conditions.push(sql`${time} >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.to) conditions.push(sql`${time} < ${filters.to.toISOString()}::timestamptz`);
  if (filters.kind) conditions.push(sql`e.kind = ${filters.kind}`);
  if (filters.actor !== undefined) conditions.push(sql`e.actor_id = ${filters.actor}`);
  const older = cursor.direction === 'older';
  if (cursor.position) {
    const { time: at, id: entry } = cursor.position;
    conditions.push(
      older
        ? sql`(${time}, ${id}) < (${at}::timestamptz, ${entry}::bigint)`
        : sql`(${time}, ${id}) > (${at}::timestamptz, ${entry}::bigint)`,
    );
  }
  const order = older ? sql`${time} desc, ${id} desc` : sql`${time} asc, ${id} asc`;
  const from = byDevice
    ? sql`audit_entry_devices x join audit_entries e on e.id = x.entry_id`
    : sql`audit_entries e`;
  const result = await db.execute<EntryRow>(sql`
    select e.id, e.occurred_at,
      to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time_key,
      e.kind, e.organisation_id, o.name as organisation_name, e.actor_id, e.actor_name, e.actor_email,
      e.subjects, e.details,
      coalesce((select json_agg(json_build_object('id', h.device_id, 'name', h.device_name,
          'command_id', h.command_id, 'status', ${COMMAND_STATUS_NOW}, 'message', ${COMMAND_MESSAGE_NOW},
          'code', c.code, 'refusal', h.refusal) order by h.device_id)
        from audit_entry_devices h left join device_commands c on c.id = h.command_id
        where h.entry_id = e.id), '[]'::json) as headsets
    from (select e.* from ${from} where ${sql.join(conditions, sql` and `)} order by ${order} limit ${limit})
      e left join organisations o on o.id = e.organisation_id
    order by e.occurred_at ${older ? sql`desc` : sql`asc`}, e.id ${older ? sql`desc` : sql`asc`}`);
  return result.rows;
}

function headsetView(row: EntryRow['headsets'][number]): AuditHeadsetView {
  return {
    id: row.id,
    name: row.name,
    command:
      row.command_id === null || row.status === null
        ? null
        : {
            id: row.command_id,
            status: row.status,
            message: row.message,
            code: isHeadsetFailureCode(row.code) ? row.code : null,
          },
    refusal: row.refusal,
  };
}

/** Where one headset's part of a command entry stands. */
export function headsetStateOf(headset: AuditHeadsetView): AuditHeadsetState {
  return auditHeadsetStateOf(headset.command?.status ?? null, headset.refusal !== null);
}

function entryView(row: EntryRow): AuditEntryView {
  const headsets = row.headsets.map(headsetView);
  // Only a command's headsets have a part that can fail; other entries name headsets they were done to.
  const states = row.kind === 'command' ? headsets.map(headsetStateOf) : [];
  return {
    id: Number(row.id),
    occurredAt: new Date(row.occurred_at).toISOString(),
    kind: row.kind,
    actor:
      row.actor_name === null
        ? null
        : { id: row.actor_id, name: row.actor_name, email: row.actor_email ?? '' },
    organisation:
      row.organisation_id === null ? null : { id: row.organisation_id, name: row.organisation_name ?? '' },
    headsets,
    subjects: row.subjects,
    details: row.details,
    outcome: auditOutcomeOf(states),
  };
}

const position = (row: EntryRow) => ({ time: row.time_key, id: Number(row.id) });

/** 400 on `to` when the range ends before it begins. */
function checkRange(filters: AuditFilters): void {
  if (filters.from && filters.to && filters.to <= filters.from) {
    throw InvalidFields.of('to', MESSAGES.audit.rangeOrder);
  }
}

export interface AuditPage {
  next: string | null;
  previous: string | null;
  last: string;
  results: AuditEntryView[];
}

/**
 * listAuditEntries: one page, newest first, of what the caller may read (services/access.ts), from `cursor` on. One
 * row more than the page tells whether another page follows in the direction read; the other direction is known from
 * the cursor (the page came from there).
 */
export async function listAuditEntries(
  db: Database,
  caller: Caller,
  filters: AuditFilters,
  paging: { cursor?: string | undefined; pageSize: number },
): Promise<AuditPage> {
  const scope = auditEntriesVisibleTo(caller, filters.organisation);
  checkRange(filters);
  const cursor: Cursor =
    paging.cursor === undefined ? { direction: 'older', position: null } : decodeCursor(paging.cursor);
  const rows = await selectPage(db, scope, filters, cursor, paging.pageSize + 1);
  const more = rows.length > paging.pageSize;
  const page = more ? rows.slice(0, paging.pageSize) : rows;
  if (cursor.direction === 'newer') page.reverse();
  // Beyond the page's edge rows; an empty page continues from where its cursor pointed.
  const edge = (row: EntryRow | undefined) => (row ? position(row) : cursor.position);
  const towards = (direction: Cursor['direction'], at: Cursor['position']) =>
    at === null ? null : encodeCursor({ direction, position: at });
  const fromNewest = cursor.direction === 'older';
  // Reading older entries, more of them follow if the extra row came; newer ones lie before any cursor's position.
  // Reading newer entries, the other way round; the last page (no position) has nothing older.
  const next = fromNewest
    ? more
      ? towards('older', edge(page.at(-1)))
      : null
    : towards('older', cursor.position && edge(page.at(-1)));
  const previous = fromNewest
    ? towards('newer', cursor.position && edge(page[0]))
    : more
      ? towards('newer', edge(page[0]))
      : null;
  return { next, previous, last: LAST_PAGE, results: page.map(entryView) };
}

/** How many entries the export reads per statement. */
const EXPORT_BATCH = 500;

/**
 * Every entry the caller may read under the filters, newest first, a batch at a time (exportAuditEntries): the
 * access rule and the filters are checked before the first entry, so a refusal is an answer, not a broken file.
 */
export function auditEntriesFor(
  db: Database,
  caller: Caller,
  filters: AuditFilters,
): AsyncGenerator<AuditEntryView> {
  const scope = auditEntriesVisibleTo(caller, filters.organisation);
  checkRange(filters);
  return (async function* read() {
    let cursor: Cursor = { direction: 'older', position: null };
    for (;;) {
      const rows = await selectPage(db, scope, filters, cursor, EXPORT_BATCH);
      for (const row of rows) yield entryView(row);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      cursor = { direction: 'older', position: position(last) };
    }
  })();
}
