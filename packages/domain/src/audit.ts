import type { CommandStatus } from './devices.ts';
import { administeredOrganisations, type DomainUser } from './roles.ts';

/**
 * The Protokoll (audit log, issue 24): what people did that others must be able to trace — commands to headsets,
 * adding and unpairing headsets, sharing, roles, members and invitations, publication decisions and terms versions.
 * The kinds are the contract's `AuditKind`, in the order the portal offers them as a filter.
 */
export const AUDIT_KINDS = [
  'command',
  'headsetEnrolled',
  'enrolmentCodeRenewed',
  'headsetUnpaired',
  'headsetRemoved',
  'contentShared',
  'contentUnshared',
  'playlistShared',
  'playlistUnshared',
  'lessonPlanShared',
  'lessonPlanUnshared',
  'roleChanged',
  'memberAdded',
  'memberRemoved',
  'memberInvited',
  'invitationWithdrawn',
  'invitationAccepted',
  'contentPublished',
  'contentUnpublished',
  'publicationRequested',
  'publicationRejected',
  'termsPublished',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export function isAuditKind(value: unknown): value is AuditKind {
  return (AUDIT_KINDS as readonly unknown[]).includes(value);
}

/**
 * Who reads the Protokoll: portal staff all of it, administrators their organisations' part (any organisation whose
 * membership is flagged, as the server's rule reads it), nobody else.
 */
export function mayReadAuditLog(user: DomainUser | null | undefined): boolean {
  return user?.isStaff === true || administeredOrganisations(user).length > 0;
}

/** Where one headset's part of a logged command stands. */
export type AuditHeadsetState = 'done' | 'failed' | 'pending' | 'refused' | 'unknown';

/** How a logged entry ended: done; still waiting for headsets; some done and some not; none done. */
export const AUDIT_OUTCOME_STATES = ['done', 'pending', 'partial', 'failed'] as const;
export type AuditOutcomeState = (typeof AUDIT_OUTCOME_STATES)[number];

export interface AuditOutcome extends Record<AuditHeadsetState, number> {
  state: AuditOutcomeState;
}

/**
 * The outcome of an entry from its headsets' states. An entry without headsets (a share, a role change) is written in
 * the transaction that did it, so it is done. A command waits while any headset has not answered; then it is done when
 * every headset carried it out, failed when none did, and partial in between (refused, failed, expired or a headset
 * removed since, whose command went with it: unknown).
 */
export function auditOutcomeOf(states: readonly AuditHeadsetState[]): AuditOutcome {
  const counts: Record<AuditHeadsetState, number> = {
    done: 0,
    failed: 0,
    pending: 0,
    refused: 0,
    unknown: 0,
  };
  for (const state of states) counts[state] += 1;
  const state: AuditOutcomeState =
    counts.pending > 0
      ? 'pending'
      : counts.done === states.length
        ? 'done'
        : counts.done === 0
          ? 'failed'
          : 'partial';
  return { state, ...counts };
}

/** A command's status (contract `CommandStatus`) as its headset's part of the entry; a refused or lost command aside. */
export function auditHeadsetStateOf(status: CommandStatus | null, refused: boolean): AuditHeadsetState {
  if (refused) return 'refused';
  if (status === null) return 'unknown';
  if (status === 'done') return 'done';
  if (status === 'queued' || status === 'delivered') return 'pending';
  return 'failed';
}
