import { isolateBidi } from '@portal/domain';
import { MESSAGES } from '../../messages.ts';
import { type AuditEntryView, type AuditHeadsetView, headsetStateOf } from './entries.ts';
import type { AuditSubject } from './record.ts';

/**
 * The Protokoll as CSV for German spreadsheet programs (exportAuditEntries): UTF-8 with a byte order mark (without it
 * Excel reads the file as Windows-1252 and 'Schäfer' becomes 'SchÃ¤fer'), `;` between cells (the German list
 * separator; a comma is the decimal mark there), CRLF between rows, German heads and local German times.
 */

export const CSV_BOM = '\uFEFF';
const ROW_END = '\r\n';
/** Excel and LibreOffice read a cell beginning with one of these as a formula (or its start). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a text a spreadsheet could run as a formula gets an apostrophe in front (it then shows as text, the
 * apostrophe hidden), so a person named `=HYPERLINK("https://…")` cannot plant a link or a calculation in the
 * administrator's spreadsheet. A cell holding `;`, `"` or a line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(';')}${ROW_END}`;
}

const GERMAN_TIME = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** '27.11.2026, 08:05:12', German local time: the schools using the portal are in NRW. */
export function germanTime(iso: string): string {
  return GERMAN_TIME.format(new Date(iso));
}

/** The day of a time in German local time, as the export's file name carries it ('2026-11-27'). */
export function germanDay(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(date);
}

const TEXT = MESSAGES.audit;

const subjectsOf = (entry: AuditEntryView, type: AuditSubject['type']) =>
  entry.subjects.filter((subject) => subject.type === type);
const nameOf = (entry: AuditEntryView, type: AuditSubject['type']) => subjectsOf(entry, type)[0]?.name ?? '';
const personOf = (entry: AuditEntryView) => {
  const person = subjectsOf(entry, 'person')[0];
  if (!person) return '';
  return person.email ? `${isolateBidi(person.name)} (${person.email})` : isolateBidi(person.name);
};
const organisationsOf = (entry: AuditEntryView) =>
  subjectsOf(entry, 'organisation')
    .map((organisation) => isolateBidi(organisation.name))
    .join(', ');

/** What a command was about: its content, the playlist a sync was for, an app by package name, a mode switched. */
function commandAbout(entry: AuditEntryView): string | null {
  const { details } = entry;
  const content = subjectsOf(entry, 'content')[0];
  if (content) return TEXT.what.content(content.name);
  const playlist = subjectsOf(entry, 'playlist')[0];
  if (playlist) return TEXT.what.playlist(playlist.name);
  if (details.packageName !== undefined) return TEXT.what.packageName(details.packageName);
  if (details.modeState !== undefined) return TEXT.what.mode(details.modeState);
  return null;
}

/** The 'Was' column: the entry in a German sentence. */
export function whatOf(entry: AuditEntryView): string {
  const { details, kind } = entry;
  const what = TEXT.what;
  switch (kind) {
    case 'command':
      return what.command(
        details.command ? MESSAGES.devices.commandLabels[details.command] : '',
        commandAbout(entry),
      );
    case 'headsetEnrolled':
      return what.headsetEnrolled(details.serialNumber ?? '');
    case 'enrolmentCodeRenewed':
      return what.enrolmentCodeRenewed;
    case 'headsetUnpaired':
      return what.headsetUnpaired;
    case 'headsetRemoved':
      return what.headsetRemoved;
    case 'contentShared':
      return what.shared(what.contentItem(nameOf(entry, 'content')), organisationsOf(entry));
    case 'contentUnshared':
      return what.unshared(what.contentItem(nameOf(entry, 'content')), organisationsOf(entry));
    case 'playlistShared':
      return what.shared(what.playlist(nameOf(entry, 'playlist')), organisationsOf(entry));
    case 'playlistUnshared':
      return what.unshared(what.playlist(nameOf(entry, 'playlist')), organisationsOf(entry));
    case 'lessonPlanShared':
      return what.shared(what.lessonPlan(nameOf(entry, 'lessonPlan')), organisationsOf(entry));
    case 'lessonPlanUnshared':
      return what.unshared(what.lessonPlan(nameOf(entry, 'lessonPlan')), organisationsOf(entry));
    case 'roleChanged':
      return what.role(personOf(entry), details.isAdministrator === true);
    case 'memberAdded':
      return what.memberAdded(personOf(entry));
    case 'memberRemoved':
      return what.memberRemoved(personOf(entry), details.accountDeleted === true);
    case 'memberInvited':
      return what.memberInvited(nameOf(entry, 'invitation'));
    case 'invitationWithdrawn':
      return what.invitationWithdrawn(nameOf(entry, 'invitation'), details.mailNotSent === true);
    case 'invitationAccepted':
      return what.invitationAccepted(personOf(entry));
    case 'contentPublished':
      return what.published(nameOf(entry, 'content'));
    case 'contentUnpublished':
      return what.unpublished(nameOf(entry, 'content'));
    case 'publicationRequested':
      return what.publicationRequested(nameOf(entry, 'content'));
    case 'publicationRejected':
      return what.publicationRejected(nameOf(entry, 'content'));
    case 'termsPublished':
      return what.termsPublished(details.termsVersion ?? 0);
  }
}

/** A command's headset with its part ('Sirius (ausgeführt)', 'Altair (nicht gesendet: …)'); other entries' by name. */
function headsetPart(entry: AuditEntryView, headset: AuditHeadsetView): string {
  if (entry.kind !== 'command') return headset.name;
  const state = headsetStateOf(headset);
  const reason =
    state === 'refused'
      ? (headset.refusal?.detail ?? null)
      : state === 'failed'
        ? (headset.command?.message ?? null)
        : null;
  return TEXT.headsetPart(headset.name, TEXT.headsetStates[state], reason);
}

/** The 'Ergebnis' column. */
export function outcomeOf(entry: AuditEntryView): string {
  if (entry.kind !== 'command') return TEXT.outcome.done;
  return TEXT.outcome.command(entry.outcome, entry.headsets.length);
}

/** One entry as a CSV row, in the order of {@link MESSAGES.audit.csvHeads}. */
export function auditCsvRow(entry: AuditEntryView): string {
  return csvRow([
    germanTime(entry.occurredAt),
    entry.actor?.name ?? TEXT.server,
    entry.actor?.email ?? '',
    entry.organisation?.name ?? TEXT.portalWide,
    TEXT.kinds[entry.kind],
    whatOf(entry),
    entry.headsets.map((headset) => headsetPart(entry, headset)).join(', '),
    outcomeOf(entry),
  ]);
}

/** The whole file: the byte order mark and the heads, then a row per entry as they come. */
export async function* auditCsv(entries: AsyncIterable<AuditEntryView>): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvRow(TEXT.csvHeads)}`;
  for await (const entry of entries) yield auditCsvRow(entry);
}
