import type { components } from '@portal/api/schema';
import type { AuditKind } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql.ts';

type Schemas = components['schemas'];
export type AuditSubject = Schemas['AuditSubject'];
export type AuditDetails = Schemas['AuditDetails'];
/** The refusal the server answered for one headset of a command (contract `Error`: detail, code, params). */
export type AuditRefusal = Schemas['Error'];

/** A headset an entry concerns, as it is named now; for a command the command it got, or why it got none. */
export interface AuditHeadsetRecord {
  id: number;
  name: string;
  /** The headset's row in device_commands: the entry shows its state as the headset reports it, later too. */
  commandId?: number | null;
  refusal?: AuditRefusal | null;
}

/** One action for the Protokoll. */
export interface AuditRecord {
  kind: AuditKind;
  /** Who did it (a signed-in caller or a user id); null for the server itself (the command line). */
  actor: { id: number } | null;
  /** The organisation whose administrators read the entry; null for the portal as a whole (staff only). */
  organisationId: number | null;
  /** Persons, content, playlists, organisations and invitations the action concerns, named as they are now. */
  subjects?: readonly AuditSubject[];
  headsets?: readonly AuditHeadsetRecord[];
  details?: AuditDetails;
}

/**
 * The one way to write the Protokoll. Call it with the transaction that makes the change, after the change, so the
 * entry exists exactly when the change does (a refused or failed change rolls its entry back with it):
 *
 * ```ts
 * await audit.record(tx, { kind: 'roleChanged', actor: caller, organisationId, subjects: [person], details: {…} });
 * ```
 *
 * There is no outcome to pass: what is recorded has happened. A command's outcome is its headsets' part, read from
 * their commands whenever the log is read. The actor's name and address are copied from the account in the same
 * statement, so the entry keeps naming them after a rename or a deleted account. One statement, however many headsets.
 */
export const audit = {
  async record(db: Executor, entry: AuditRecord): Promise<void> {
    const headsets = (entry.headsets ?? []).map((headset) => ({
      device_id: headset.id,
      name: headset.name,
      command_id: headset.commandId ?? null,
      refusal: headset.refusal ?? null,
    }));
    const actorId = entry.actor?.id ?? null;
    await db.execute(sql`
      with entry as (
        insert into audit_entries (kind, organisation_id, actor_id, actor_name, actor_email, subjects, details)
        select ${entry.kind}, ${entry.organisationId}, u.id,
          case when u.id is null then null else trim(u.first_name || ' ' || u.last_name) end, u.email,
          ${JSON.stringify(entry.subjects ?? [])}::jsonb, ${JSON.stringify(entry.details ?? {})}::jsonb
        from (select ${actorId}::integer as id) asked left join users u on u.id = asked.id
        returning id, occurred_at)
      insert into audit_entry_devices (entry_id, device_id, device_name, command_id, refusal, occurred_at)
      select entry.id, h.device_id, h.name, h.command_id, h.refusal, entry.occurred_at
      from entry, jsonb_to_recordset(${JSON.stringify(headsets)}::jsonb)
        as h(device_id integer, name text, command_id integer, refusal jsonb)`);
  },
} as const;

/** A person as a subject: their name and address as the account holds them now. */
export function personSubject(person: {
  id: number | null;
  firstName: string;
  lastName: string;
  email: string;
}): AuditSubject {
  return {
    type: 'person',
    id: person.id,
    name: `${person.firstName} ${person.lastName}`.trim(),
    email: person.email,
  };
}
