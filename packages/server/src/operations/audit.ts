import { Readable } from 'node:stream';
import type { operations } from '@portal/api/schema';
import { type Operations, ok } from '../http/operation.ts';
import { MESSAGES } from '../messages.ts';
import { signedIn } from '../services/access.ts';
import {
  type AuditFilters,
  auditCsv,
  auditEntriesFor,
  germanDay,
  listAuditEntries,
} from '../services/audit/index.ts';

type FilterQuery = NonNullable<operations['exportAuditEntries']['parameters']['query']>;

/** The filters both operations share, as the contract names them. */
function filtersOf(query: FilterQuery): AuditFilters {
  return {
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
    kind: query.kind,
    actor: query.actor,
    device: query.device,
    organisation: query.organisation,
  };
}

/** The Protokoll (contract tag `audit`): administrators read their organisations' entries, staff all. */
export const auditOperations = {
  async listAuditEntries({ query, caller }, { db, audit }) {
    const page = await listAuditEntries(db, signedIn(caller), filtersOf(query), {
      cursor: query.cursor,
      pageSize: query.page_size ?? 50,
    });
    return ok({ ...page, retentionDays: audit.retentionDays });
  },

  async exportAuditEntries({ query, caller }, { db }) {
    // Access and filters are checked here, before the first byte: a refusal is an error answer, not a broken file.
    const entries = auditEntriesFor(db, signedIn(caller), filtersOf(query));
    return {
      status: 200,
      body: Readable.from(auditCsv(entries)),
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${MESSAGES.audit.csvFileName(germanDay(new Date()))}"`,
      },
    };
  },
} satisfies Operations;
