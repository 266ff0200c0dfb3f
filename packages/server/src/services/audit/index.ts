/**
 * The Protokoll (audit log): `audit.record`, which every area calls in the transaction of a change it records, and
 * the reading side — the pages, the CSV export and the deletion after the retention time. It builds on no other area;
 * the others build on it.
 */
export { auditCsv, csvCell, germanDay } from './csv.ts';
export { type AuditFilters, auditEntriesFor, listAuditEntries } from './entries.ts';
export {
  type AuditDetails,
  type AuditHeadsetRecord,
  type AuditRecord,
  type AuditRefusal,
  type AuditSubject,
  audit,
  personSubject,
} from './record.ts';
export {
  AUDIT_RETENTION_BATCH,
  AUDIT_RETENTION_INTERVAL_SECONDS,
  deleteExpiredAuditEntries,
} from './retention.ts';
