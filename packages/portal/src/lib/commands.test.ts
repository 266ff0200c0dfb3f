import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { germanT } from '../test/i18n.ts';
import { commandFailureText, refusalReason, refusalsText } from './commands.ts';

let t: TFunction;
beforeAll(async () => {
  t = await germanT('common');
});

describe('refusalReason', () => {
  it('words the server’s playback codes itself, keeping the version a headset needs', () => {
    expect(
      refusalReason({ detail: 'Regulus ist offline.', code: 'deviceOffline', params: { device: 'Regulus' } }),
    ).toEqual({
      code: 'offline',
    });
    expect(
      refusalReason({
        detail: '„Pause“ braucht mindestens 4.5.0.',
        code: 'softwareTooOld',
        params: { command: 'CMD.TOGGLE.PAUSE', requiredVersion: '4.5.0', softwareVersion: '4.2.3' },
      }),
    ).toEqual({
      code: 'softwareTooOld',
      requiredVersion: '4.5.0',
      message: '„Pause“ braucht mindestens 4.5.0.',
    });
  });

  it('keeps the server’s text for any other refusal, from `detail` or the first field error', () => {
    expect(refusalReason({ detail: 'Zu viele Befehle warten.', code: 'tooManyOpenCommands' })).toEqual({
      code: 'other',
      message: 'Zu viele Befehle warten.',
    });
    expect(refusalReason({ 'extras.contentUuid': ['Diesen Inhalt gibt es nicht.'] })).toEqual({
      code: 'other',
      message: 'Diesen Inhalt gibt es nicht.',
    });
    expect(refusalReason(null)).toEqual({ code: 'other', message: undefined });
  });
});

describe('commandFailureText', () => {
  it('words the reasons the portal knows and keeps the server’s text for the others', () => {
    expect(commandFailureText(t, { code: 'offline' })).toBe(
      'Die VR-Brille ist ausgeschaltet oder nicht verbunden.',
    );
    expect(commandFailureText(t, { code: 'softwareTooOld', requiredVersion: '4.5.0' })).toBe(
      'Die Software ist zu alt (mindestens 4.5.0 nötig).',
    );
    expect(commandFailureText(t, { code: 'softwareTooOld' })).toBe('Die Software der VR-Brille ist zu alt.');
    expect(commandFailureText(t, { code: 'other', message: 'Zu viele Befehle warten.' })).toBe(
      'Zu viele Befehle warten.',
    );
    expect(commandFailureText(t, { code: 'other' })).toBe(
      'Unbekannter Fehler. Bitte versuchen Sie es erneut.',
    );
    expect(commandFailureText(t, { code: 'noAnswer' })).toBe(
      'Keine Antwort vom Server. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.',
    );
  });
});

describe('refusalsText', () => {
  const names: Record<number, string> = { 1: 'Sirius', 2: 'Canopus', 3: 'Regulus', 4: 'Deneb' };
  const nameOf = (id: number) => names[id] ?? String(id);

  it('names the refused headsets, grouped by reason, and leaves out those that got their command', () => {
    expect(
      refusalsText(
        t,
        [
          { headsetId: 1, commandId: 10 },
          { headsetId: 3, refusal: { code: 'offline' } },
          { headsetId: 4, refusal: { code: 'softwareTooOld', requiredVersion: '4.5.0' } },
          { headsetId: 2, refusal: { code: 'offline' } },
        ],
        nameOf,
      ),
    ).toBe(
      'Nicht gesendet an Regulus, Canopus: Die VR-Brille ist ausgeschaltet oder nicht verbunden. ' +
        'Nicht gesendet an Deneb: Die Software ist zu alt (mindestens 4.5.0 nötig).',
    );
  });

  it('is null when every headset got its command', () => {
    expect(refusalsText(t, [{ headsetId: 1, commandId: 10 }], nameOf)).toBeNull();
  });
});
