import { describe, expect, it } from 'vitest';
import { auditCsv, CSV_BOM, csvCell, csvRow, germanDay, germanTime } from './csv.ts';
import type { AuditEntryView } from './entries.ts';

/** The Protokoll's CSV for German spreadsheet programs, cell by cell and as a whole file (pure, no server). */

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

async function* entries(...list: AuditEntryView[]): AsyncGenerator<AuditEntryView> {
  yield* list;
}

/** A bulk reboot of two headsets by a teacher with umlauts in her name, one headset done, one refused. */
const reboot: AuditEntryView = {
  id: 7,
  occurredAt: '2026-11-27T09:15:04.000Z',
  kind: 'command',
  actor: { id: 3, name: 'Jörg Schäfer-Süß', email: 'schulleitung@schule.example' },
  organisation: { id: 2, name: 'Gymnasium Demo' },
  headsets: [
    { id: 11, name: 'Sirius', command: { id: 90, status: 'done', message: null, code: null }, refusal: null },
    {
      id: 12,
      name: 'Altair',
      command: null,
      refusal: { detail: 'Die VR-Brille ist offline.', code: 'offline', params: {} },
    },
  ],
  subjects: [],
  details: { command: 'CMD.REBOOT' },
  outcome: { state: 'partial', done: 1, failed: 0, pending: 0, refused: 1, unknown: 0 },
};

describe('one cell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+49 211 1234', "'+49 211 1234"],
    ['-5', "'-5"],
    ['@SUMME(A1:A9)', "'@SUMME(A1:A9)"],
    ['\t=1', "'\t=1"],
  ])('%j could start a formula: it gets an apostrophe (%j)', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves plain text, umlauts and a sign inside the text as they are', () => {
    for (const value of ['Jörg Schäfer-Süß', 'a=b', 'E-Mail', '', 'Übung 1 + 2'])
      expect(csvCell(value)).toBe(value);
  });

  it('quotes a cell holding ; " or a line break and doubles its quotes, after neutralising a formula', () => {
    expect(csvCell('Sirius; Vega')).toBe('"Sirius; Vega"');
    expect(csvCell('Raum "204"')).toBe('"Raum ""204"""');
    expect(csvCell('zwei\nZeilen')).toBe('"zwei\nZeilen"');
    expect(csvCell('=HYPERLINK("https://evil.example";"Klick")')).toBe(
      `"'=HYPERLINK(""https://evil.example"";""Klick"")"`,
    );
  });

  it('a row joins its cells with ; and ends with CRLF', () => {
    expect(csvRow(['a', '=b', 'c;d'])).toBe(`a;'=b;"c;d"\r\n`);
  });
});

describe('German times', () => {
  it('in Berlin local time, winter and summer', () => {
    expect(germanTime('2026-11-27T07:05:12.000Z')).toBe('27.11.2026, 08:05:12');
    expect(germanTime('2026-07-01T06:05:12.000Z')).toBe('01.07.2026, 08:05:12');
    // Just before midnight UTC it is the next day in Berlin: the file's name carries that day.
    expect(germanDay(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
  });
});

describe('the whole file', () => {
  it('starts with the byte order mark and the German heads, then a row per entry, umlauts as UTF-8', async () => {
    const csv = await text(auditCsv(entries(reboot)));
    const bytes = Buffer.from(csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]).toBe('Zeit;Person;E-Mail;Organisation;Art;Was;VR-Brillen;Ergebnis');
    expect(rows[1]).toBe(
      [
        '27.11.2026, 10:15:04',
        'Jörg Schäfer-Süß',
        'schulleitung@schule.example',
        'Gymnasium Demo',
        'Befehl',
        'Neu starten',
        'Sirius (ausgeführt), Altair (nicht gesendet: Die VR-Brille ist offline.)',
        '1 von 2 ausgeführt, 1 nicht gesendet',
      ].join(';'),
    );
    expect(rows.slice(2)).toEqual(['']);
    // 'ö', 'ä' and 'ß' are two bytes each in UTF-8, not the one of Windows-1252.
    expect(bytes.includes(Buffer.from('Schäfer', 'utf8'))).toBe(true);
  });

  it('an empty log is the heads alone', async () => {
    expect(await text(auditCsv(entries()))).toBe(
      `${CSV_BOM}${csvRow(['Zeit', 'Person', 'E-Mail', 'Organisation', 'Art', 'Was', 'VR-Brillen', 'Ergebnis'])}`,
    );
  });
});
