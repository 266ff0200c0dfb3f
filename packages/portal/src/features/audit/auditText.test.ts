import type { AuditEntry, AuditHeadset } from '@portal/api';
import { auditOutcomeOf } from '@portal/domain';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { germanT } from '../../test/i18n.ts';
import { headsetProblemText, headsetState, outcomeText, problemHeadsets, whatText } from './auditText.ts';

let t: TFunction<'audit'>;
let common: TFunction<'common'>;
beforeAll(async () => {
  t = await germanT('audit');
  common = await germanT('common');
});

const headset = (name: string, part: Partial<AuditHeadset> = {}): AuditHeadset => ({
  id: name.length,
  name,
  command: { id: 1, status: 'done', message: null, code: null },
  refusal: null,
  ...part,
});

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  const base: AuditEntry = {
    id: 1,
    occurredAt: '2026-11-27T07:05:12.000Z',
    kind: 'command',
    actor: { id: 2, name: 'Lars Lehrer', email: 'lehrer@schule.example' },
    organisation: { id: 3, name: 'Gymnasium Demo' },
    headsets: [],
    subjects: [],
    details: {},
    outcome: auditOutcomeOf([]),
  };
  const merged = { ...base, ...overrides };
  const states = merged.kind === 'command' ? merged.headsets.map(headsetState) : [];
  return { ...merged, outcome: auditOutcomeOf(states) };
}

describe('what the Protokoll says about an entry', () => {
  it('names a command by its button and what it was about', () => {
    expect(
      whatText(
        t,
        common,
        entry({
          details: { command: 'CMD.START.VIDEO' },
          subjects: [{ type: 'content', id: 9, name: 'Unterwegs im Sonnensystem' }],
        }),
      ),
    ).toBe('Video starten: „Unterwegs im Sonnensystem“');
    expect(whatText(t, common, entry({ details: { command: 'CMD.REBOOT' } }))).toBe('Neu starten');
    expect(
      whatText(t, common, entry({ details: { command: 'CMD.SET.GUIDED.MODE', modeState: false } })),
    ).toBe('Geführter Modus: aus');
    expect(
      whatText(
        t,
        common,
        entry({
          details: { command: 'CMD.SYNC' },
          subjects: [{ type: 'playlist', id: 4, name: 'Erdkunde 8b' }],
        }),
      ),
    ).toBe('Synchronisieren: Wiedergabeliste „Erdkunde 8b“');
  });

  it('names people, shares and decisions', () => {
    const nina = { type: 'person' as const, id: 5, name: 'Nina Neu', email: 'neu@schule.example' };
    expect(
      whatText(
        t,
        common,
        entry({ kind: 'roleChanged', subjects: [nina], details: { isAdministrator: false } }),
      ),
    ).toBe('Nina Neu (neu@schule.example) ist jetzt Mitglied ohne Administratorrechte');
    expect(
      whatText(
        t,
        common,
        entry({ kind: 'memberRemoved', subjects: [nina], details: { accountDeleted: true } }),
      ),
    ).toBe(
      'Nina Neu (neu@schule.example) wurde entfernt; das Konto wurde mit der letzten Organisation gelöscht',
    );
    expect(
      whatText(
        t,
        common,
        entry({
          kind: 'contentShared',
          subjects: [
            { type: 'content', id: 1, name: 'Exkursion Neanderthal' },
            { type: 'organisation', id: 2, name: 'ZfsL Demo' },
            { type: 'organisation', id: 3, name: 'Kreismedienzentrum Demo' },
          ],
        }),
      ),
    ).toBe('Inhalt „Exkursion Neanderthal“ geteilt mit ZfsL Demo, Kreismedienzentrum Demo');
    expect(
      whatText(
        t,
        common,
        entry({
          kind: 'invitationWithdrawn',
          subjects: [{ type: 'invitation', id: null, name: 'x@schule.example' }],
          details: { mailNotSent: true },
        }),
      ),
    ).toBe('Einladung an x@schule.example (die E-Mail konnte nicht gesendet werden)');
    expect(whatText(t, common, entry({ kind: 'termsPublished', details: { termsVersion: 3 } }))).toBe(
      'Version 3; alle müssen sie erneut akzeptieren',
    );
  });

  it('sums up a command’s outcome and names each headset that did not carry it out, with the reason', () => {
    const lesson = entry({
      headsets: [
        headset('Sirius'),
        headset('Garux', {
          command: null,
          refusal: {
            detail: '„Garux“ ist ausgeschaltet …',
            code: 'deviceOffline',
            params: { device: 'Garux' },
          },
        }),
        headset('Spica', { command: { id: 2, status: 'failed', message: 'x', code: 'contentMissing' } }),
        headset('Vega', { command: { id: 3, status: 'expired', message: 'y', code: null } }),
        headset('Altair', { command: { id: 5, status: 'interrupted', message: 'z', code: null } }),
        headset('Deneb', { command: { id: 4, status: 'delivered', message: null, code: null } }),
      ],
    });
    expect(outcomeText(t, lesson)).toBe(
      '1 von 6 ausgeführt, 3 fehlgeschlagen, 1 nicht gesendet, 1 ausstehend',
    );
    expect(problemHeadsets(lesson).map((h) => headsetProblemText(t, common, h))).toEqual([
      'Garux: nicht gesendet – Die VR-Brille ist ausgeschaltet oder nicht verbunden.',
      'Spica: fehlgeschlagen – Inhalt ist nicht auf der VR-Brille.',
      'Vega: fehlgeschlagen – Die VR-Brille hat nicht rechtzeitig geantwortet.',
      'Altair: fehlgeschlagen – Unterbrochen: Die VR-Brille wurde neu gestartet, bevor sie ein Ergebnis gemeldet hat.',
      'Deneb: ausstehend',
    ]);
    expect(
      outcomeText(t, entry({ kind: 'headsetUnpaired', headsets: [headset('Vega', { command: null })] })),
    ).toBe('Erledigt');
  });
});
