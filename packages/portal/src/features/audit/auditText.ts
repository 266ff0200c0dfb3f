import type { AuditEntry, AuditHeadset, AuditSubject } from '@portal/api';
import { type AuditHeadsetState, auditHeadsetStateOf, type ReceiptReason } from '@portal/domain';
import type { TFunction } from 'i18next';
import { COMMAND_LABELS, commandFailureText, refusalReason } from '../../lib/commands.ts';

type T = TFunction<'audit'>;

/**
 * What the Protokoll's table says about an entry, in the reader's language: what was done ('Was'), how it ended
 * ('Ergebnis') and why a headset's part failed. The server says the same in German in its CSV export.
 */

const subjectsOf = (entry: AuditEntry, type: AuditSubject['type']) =>
  entry.subjects.filter((subject) => subject.type === type);
const nameOf = (entry: AuditEntry, type: AuditSubject['type']) => subjectsOf(entry, type)[0]?.name ?? '';

/** 'Nina Neu (neu@schule.example)': a person the entry is about. */
function personOf(t: T, entry: AuditEntry): string {
  const person = subjectsOf(entry, 'person')[0];
  if (!person) return '';
  return person.email ? t('what.person', { name: person.name, email: person.email }) : person.name;
}

/** What a command was about: the content it started, the playlist a sync was for, an app, a mode it set. */
function commandAbout(t: T, entry: AuditEntry): string | null {
  const { details } = entry;
  const content = subjectsOf(entry, 'content')[0];
  if (content) return t('what.content', { title: content.name });
  const playlist = subjectsOf(entry, 'playlist')[0];
  if (playlist) return t('what.playlist', { name: playlist.name });
  if (details.packageName !== undefined) return t('what.packageName', { packageName: details.packageName });
  if (details.modeState !== undefined) return t(details.modeState ? 'what.modeOn' : 'what.modeOff');
  return null;
}

/** The 'Was' column; a command by its name on the portal's buttons (`common`'s `commands.*`). */
export function whatText(t: T, common: TFunction, entry: AuditEntry): string {
  const { details } = entry;
  const organisations = subjectsOf(entry, 'organisation')
    .map((organisation) => organisation.name)
    .join(', ');
  switch (entry.kind) {
    case 'command': {
      const command = details.command ? common(COMMAND_LABELS[details.command]) : '';
      const about = commandAbout(t, entry);
      return about === null ? command : t('what.commandAbout', { command, about });
    }
    case 'headsetEnrolled':
      return t('what.headsetEnrolled', { serialNumber: details.serialNumber ?? '' });
    case 'enrolmentCodeRenewed':
    case 'headsetUnpaired':
    case 'headsetRemoved':
      return t(`what.${entry.kind}`);
    case 'contentShared':
    case 'contentUnshared':
      return t(`what.${entry.kind}`, { title: nameOf(entry, 'content'), organisations });
    case 'playlistShared':
    case 'playlistUnshared':
      return t(`what.${entry.kind}`, { name: nameOf(entry, 'playlist'), organisations });
    case 'lessonPlanShared':
    case 'lessonPlanUnshared':
      return t(`what.${entry.kind}`, { name: nameOf(entry, 'lessonPlan'), organisations });
    case 'roleChanged':
      return t(details.isAdministrator ? 'what.roleAdministrator' : 'what.roleMember', {
        person: personOf(t, entry),
      });
    case 'memberAdded':
    case 'invitationAccepted':
      return t(`what.${entry.kind}`, { person: personOf(t, entry) });
    case 'memberRemoved':
      return t(details.accountDeleted ? 'what.memberRemovedWithAccount' : 'what.memberRemoved', {
        person: personOf(t, entry),
      });
    case 'memberInvited':
      return t('what.memberInvited', { email: nameOf(entry, 'invitation') });
    case 'invitationWithdrawn':
      return t(details.mailNotSent ? 'what.invitationMailNotSent' : 'what.invitationWithdrawn', {
        email: nameOf(entry, 'invitation'),
      });
    case 'contentPublished':
    case 'contentUnpublished':
    case 'publicationRequested':
    case 'publicationRejected':
      return t(`what.${entry.kind}`, { title: nameOf(entry, 'content') });
    case 'termsPublished':
      return t('what.termsPublished', { version: details.termsVersion ?? 0 });
  }
}

/** Where one headset's part of a command stands. */
export function headsetState(headset: AuditHeadset): AuditHeadsetState {
  return auditHeadsetStateOf(headset.command?.status ?? null, headset.refusal !== null);
}

/** Why a headset's part did not succeed, in the words of the playback receipts (namespace common). */
function reasonOf(headset: AuditHeadset): ReceiptReason | null {
  if (headset.refusal) return refusalReason(headset.refusal);
  const command = headset.command;
  if (command?.status === 'expired' || command?.status === 'interrupted') return { code: command.status };
  if (command?.status !== 'failed') return null;
  return command.code ? { code: command.code } : { code: 'other', message: command.message ?? undefined };
}

/**
 * A headset whose part did not succeed: 'Garux: nicht gesendet – Die VR-Brille ist ausgeschaltet …'. The reason is
 * worded by `common`'s translations (`commandFailures.*`), as on the fleet and playback pages.
 */
export function headsetProblemText(t: T, common: TFunction, headset: AuditHeadset): string {
  const state = t(`headsetStates.${headsetState(headset)}`);
  const reason = reasonOf(headset);
  return reason === null
    ? t('headsetProblem', { name: headset.name, state })
    : t('headsetProblemWithReason', {
        name: headset.name,
        state,
        reason: commandFailureText(common, reason),
      });
}

/** The headsets of a command whose part did not succeed (for the 'Ergebnis' column to name). */
export function problemHeadsets(entry: AuditEntry): AuditHeadset[] {
  if (entry.kind !== 'command') return [];
  return entry.headsets.filter((headset) => headsetState(headset) !== 'done');
}

/** The 'Ergebnis' column: 'Erledigt', or for a command '28 von 30 ausgeführt, 2 fehlgeschlagen'. */
export function outcomeText(t: T, entry: AuditEntry): string {
  if (entry.kind !== 'command') return t('outcome.done');
  const { outcome } = entry;
  return [
    t('outcome.summary', { done: outcome.done, total: entry.headsets.length }),
    ...(['failed', 'refused', 'pending', 'unknown'] as const)
      .filter((state) => outcome[state] > 0)
      .map((state) => t(`outcome.${state}`, { count: outcome[state] })),
  ].join(', ');
}
