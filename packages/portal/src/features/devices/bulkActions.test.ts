import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServerRefusal } from '../../lib/serverErrors.ts';
import { BULK_ACTIONS, type BulkAction, bulkToast, bulkUnavailableReason, planBulk } from './bulkActions.ts';
import { germanDevicesT } from './i18nForTests.ts';
import { testCommand, testDevice } from './testDevice.ts';

let t: TFunction<'devices'>;
beforeAll(async () => {
  t = await germanDevicesT();
});

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
    const results = plan.targets.map((item) => ({ item, ok: true as const, value: {} }));
    expect(bulkToast(t, action('reboot'), 'Neu starten', plan, { kind: 'sent', results })).toEqual({
      tone: 'success',
      title: 'devices:bulk.sent.title',
      descriptionText: '„Neu starten“ an 2 VR-Brillen gesendet.',
    });
  });

  it('names the headsets the server refused, with its reason, and those left out', () => {
    const plan = planBulk(action('mute'), [sirius, altair, testDevice({ id: 5, name: 'Prokyon' })]);
    const refusal = new ServerRefusal(404, { detail: 'Diese VR-Brille wurde nicht gefunden.' });
    const [first, second] = plan.targets;
    if (!first || !second) throw new Error('two targets expected');
    const toast = bulkToast(t, action('mute'), 'Stummschalten', plan, {
      kind: 'sent',
      results: [
        { item: first, ok: true, value: {} },
        { item: second, ok: false, error: refusal },
      ],
    });
    expect(toast.tone).toBe('warning');
    expect(toast.title).toBe('devices:bulk.partial.title');
    expect(toast.descriptionText).toBe(
      '„Stummschalten“ an 1 von 2 VR-Brillen gesendet. Nicht gesendet: Prokyon (Diese VR-Brille wurde nicht gefunden.). ' +
        'Ausgelassen, weil ihre Software zu alt ist (benötigt 4.9.4): Altair.',
    );
  });

  it('confirms a queued sync with its count', () => {
    const plan = planBulk(action('sync'), [sirius, altair]);
    const queued = {
      detail: '2 VR-Brillen werden synchronisiert.',
      commands: [testCommand({ id: 1 }), testCommand({ id: 2, deviceId: 13 })],
    };
    const toast = bulkToast(t, action('sync'), 'Synchronisieren', plan, { kind: 'queued', queued });
    expect(toast.descriptionText).toBe('2 VR-Brillen werden synchronisiert.');
  });
});
