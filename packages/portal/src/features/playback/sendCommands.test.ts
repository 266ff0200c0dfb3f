import { describe, expect, it } from 'vitest';
import { refusalReason } from './sendCommands.ts';

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
