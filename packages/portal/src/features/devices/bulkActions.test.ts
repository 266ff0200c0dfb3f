import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { testCommand, testDevice } from '../../test/devices.ts';
import { germanT } from '../../test/i18n.ts';
import {
  BULK_ACTIONS,
  type BulkAction,
  type BulkToastWords,
  bulkToast,
  bulkUnavailableReason,
  planBulk,
} from './bulkActions.ts';

let t: TFunction<'devices'>;
let tc: TFunction;
beforeAll(async () => {
  t = await germanT('devices');
  tc = await germanT('common');
});
const words = (commandLabel: string): BulkToastWords => ({ t, tc, commandLabel });

const action = (id: BulkAction['id']) => BULK_ACTIONS.find((a) => a.id === id) as BulkAction;
const sirius = testDevice({ id: 1, name: 'Sirius', softwareVersion: '4.9.4' });
const altair = testDevice({ id: 13, name: 'Altair', softwareVersion: '3.9.2' });
const rigel = testDevice({ id: 4, name: 'Rigel', softwareVersion: '4.0.1', muted: true });

describe('planning an action for the selected headsets', () => {
  it('leaves out headsets whose software is too old for the command, naming the version', () => {
    const plan = planBulk(action('softwareSync'), [sirius, altair, rigel]);
    expect(plan.targets.map((d) => d.name)).toEqual(['Sirius']);
    expect(plan.tooOld.map((d) => d.name)).toEqual(['Altair', 'Rigel']);
    expect(plan.requiredVersion).toBe('4.7.0');
    expect(bulkUnavailableReason(t, plan)).toBeUndefined();
  });

  it('mutes only headsets with sound (the command toggles), and reboots every one', () => {
    const mute = planBulk(action('mute'), [sirius, testDevice({ id: 9, name: 'Vega', muted: true })]);
    expect(mute.targets.map((d) => d.name)).toEqual(['Sirius']);
    expect(mute.alreadyMuted.map((d) => d.name)).toEqual(['Vega']);
    expect(planBulk(action('reboot'), [sirius, altair, rigel]).targets).toHaveLength(3);
  });

  it('asks for a selection first while none is made (the bar is there before it)', () => {
    expect(bulkUnavailableReason(t, planBulk(action('reboot'), []))).toBe(
      'Wählen Sie zuerst VR-Brillen in der Liste aus.',
    );
  });

  it('stops only headsets that report something playing or paused', () => {
    const playing = testDevice({ id: 2, name: 'Canopus', playbackState: 'playing' });
    const paused = testDevice({ id: 3, name: 'Capella', playbackState: 'paused' });
    const idle = testDevice({ id: 5, name: 'Prokyon', playbackState: 'stopped' });
    const stop = planBulk(action('stop'), [playing, paused, idle]);
    expect(stop.targets.map((d) => d.name)).toEqual(['Canopus', 'Capella']);
    expect(stop.notPlaying.map((d) => d.name)).toEqual(['Prokyon']);
    expect(bulkUnavailableReason(t, planBulk(action('stop'), [idle]))).toBe(
      'Auf keiner der ausgewählten VR-Brillen läuft gerade etwas.',
    );
  });

  it('says why an action reaches none of the selection', () => {
    expect(bulkUnavailableReason(t, planBulk(action('mute'), [altair]))).toBe(
      'Alle ausgewählten VR-Brillen brauchen dafür Software 4.9.4 oder neuer.',
    );
    expect(bulkUnavailableReason(t, planBulk(action('mute'), [testDevice({ muted: true })]))).toBe(
      'Alle ausgewählten VR-Brillen sind schon stummgeschaltet.',
    );
  });
});

describe('the toast after an action', () => {
  it('counts what was sent', () => {
    const plan = planBulk(action('reboot'), [sirius, altair]);
    const outcomes = plan.targets.map((device, index) => ({ headsetId: device.id, commandId: index + 1 }));
    expect(bulkToast(words('Neu starten'), action('reboot'), plan, { kind: 'sent', outcomes })).toEqual({
      tone: 'success',
      title: 'devices:bulk.sent.title',
      descriptionText: '„Neu starten“ an 2 VR-Brillen gesendet.',
    });
  });

  it('names the headsets the server refused, by reason in the words of the receipts, and those left out', () => {
    const prokyon = testDevice({ id: 5, name: 'Prokyon' });
    const vega = testDevice({ id: 9, name: 'Vega' });
    const plan = planBulk(action('mute'), [sirius, altair, prokyon, vega]);
    const toast = bulkToast(words('Stummschalten'), action('mute'), plan, {
      kind: 'sent',
      outcomes: [
        { headsetId: sirius.id, commandId: 1 },
        { headsetId: prokyon.id, refusal: { code: 'softwareTooOld', requiredVersion: '4.9.4' } },
        { headsetId: vega.id, refusal: { code: 'softwareTooOld', requiredVersion: '4.9.4' } },
      ],
    });
    expect(toast.tone).toBe('warning');
    expect(toast.title).toBe('devices:bulk.partial.title');
    expect(toast.descriptionText).toBe(
      '„Stummschalten“ an 1 von 3 VR-Brillen gesendet. ' +
        'Nicht gesendet an Prokyon, Vega: Die Software ist zu alt (mindestens 4.9.4 nötig). ' +
        'Ausgelassen, weil ihre Software zu alt ist (benötigt 4.9.4): Altair.',
    );
  });

  it('says nothing was sent when the server refused every headset, with its own text where it has no code', () => {
    const plan = planBulk(action('shutdown'), [sirius]);
    const tooMany =
      'Für diese VR-Brille warten schon 100 Befehle. Bitte warten Sie, bis sie sie abgeholt hat.';
    const toast = bulkToast(words('Ausschalten'), action('shutdown'), plan, {
      kind: 'sent',
      outcomes: [{ headsetId: sirius.id, refusal: { code: 'other', message: tooMany } }],
    });
    expect(toast).toEqual({
      tone: 'error',
      title: 'devices:bulk.failed.title',
      descriptionText: `„Ausschalten“ an 0 von 1 VR-Brillen gesendet. Nicht gesendet an Sirius: ${tooMany}`,
    });
  });

  it('confirms a queued sync with its count', () => {
    const plan = planBulk(action('sync'), [sirius, altair]);
    const queued = {
      detail: '2 VR-Brillen werden synchronisiert.',
      commands: [testCommand({ id: 1 }), testCommand({ id: 2, deviceId: 13 })],
    };
    const toast = bulkToast(words('Synchronisieren'), action('sync'), plan, { kind: 'queued', queued });
    expect(toast.descriptionText).toBe('2 VR-Brillen werden synchronisiert.');
  });
});
