import { describe, expect, it } from 'vitest';
import {
  headsetsToRetry,
  isRetryable,
  RECEIPT_REASONS,
  type Receipt,
  type ReceiptCommand,
  type ReceiptDevice,
  receiptOf,
  summariseReceipts,
} from './receipts.ts';

const content = '6f1c1c3e-2d4f-4a55-9a51-2f0a7f0c1a01';
const other = '6f1c1c3e-2d4f-4a55-9a51-2f0a7f0c1a02';
const command = (more: Partial<ReceiptCommand> = {}): ReceiptCommand => ({
  command: 'CMD.START.VIDEO',
  status: 'done',
  code: null,
  message: null,
  finishedAt: '2026-11-24T10:00:01.000Z',
  ...more,
});
const device = (more: Partial<ReceiptDevice> = {}): ReceiptDevice => ({
  isOnline: true,
  playbackState: 'playing',
  currentContentUuid: content,
  stateReportedAt: '2026-11-24T10:00:01.200Z',
  ...more,
});

describe('receiptOf', () => {
  it('follows the command: sent while queued, arrived once delivered', () => {
    expect(receiptOf(command({ status: 'queued', finishedAt: null }), device(), content)).toEqual({
      state: 'sent',
    });
    expect(receiptOf(command({ status: 'delivered', finishedAt: null }), device(), content)).toEqual({
      state: 'arrived',
    });
  });

  it('shows what the headset reported after the command: playing, paused or stopped', () => {
    expect(receiptOf(command(), device(), content).state).toBe('playing');
    expect(receiptOf(command(), device({ playbackState: 'paused' }), content).state).toBe('paused');
    expect(receiptOf(command(), device({ playbackState: 'stopped' }), content).state).toBe('stopped');
    expect(receiptOf(command(), device({ currentContentUuid: other }), content).state).toBe('stopped');
  });

  it('stays arrived until the headset reports after its result', () => {
    const before = device({ stateReportedAt: '2026-11-24T10:00:00.500Z', playbackState: 'stopped' });
    expect(receiptOf(command(), before, content).state).toBe('arrived');
    expect(receiptOf(command(), device({ stateReportedAt: null }), content).state).toBe('arrived');
  });

  it('fails with the headset’s reason, with expiry, and for an offline headset', () => {
    expect(
      receiptOf(
        command({ status: 'failed', code: 'contentMissing', message: 'Inhalt ist nicht auf der VR-Brille' }),
        device(),
        content,
      ),
    ).toEqual({
      state: 'failed',
      reason: { code: 'contentMissing', message: 'Inhalt ist nicht auf der VR-Brille' },
    });
    expect(receiptOf(command({ status: 'failed', message: 'Kaputt.' }), device(), content).reason).toEqual({
      code: 'other',
      message: 'Kaputt.',
    });
    expect(
      receiptOf(command({ status: 'expired', message: 'abgelaufen' }), device(), content).reason?.code,
    ).toBe('expired');
    const interrupted = 'Die VR-Brille wurde neu gestartet, bevor sie ein Ergebnis gemeldet hat.';
    expect(receiptOf(command({ status: 'interrupted', message: interrupted }), device(), content)).toEqual({
      state: 'failed',
      reason: { code: 'interrupted', message: interrupted },
    });
    for (const status of ['queued', 'delivered', 'done'] as const) {
      expect(receiptOf(command({ status }), device({ isOnline: false }), content)).toEqual({
        state: 'failed',
        reason: { code: 'offline' },
      });
    }
  });
});

describe('summariseReceipts', () => {
  it('counts each state for the summary line', () => {
    expect(
      summariseReceipts([
        { state: 'playing' },
        { state: 'playing' },
        { state: 'paused' },
        { state: 'sent' },
        { state: 'arrived' },
        { state: 'failed', reason: { code: 'offline' } },
        { state: 'stopped' },
      ]),
    ).toEqual({ total: 7, playing: 2, paused: 1, pending: 2, failed: 1, stopped: 1 });
  });
});

describe('isRetryable', () => {
  it('offers another try for reasons a try can change, none for those that stay until fixed', () => {
    const retryable = RECEIPT_REASONS.filter((code) => isRetryable({ code }));
    expect(retryable).toEqual(['offline', 'expired', 'interrupted', 'noAnswer', 'other']);
    // Content missing, software too old, an empty battery, nothing to pause, and an update's refusals (another
    // version installed, the battery below the update's level, one under way, the wrong model, nothing newer): a
    // second try fails the same way.
    expect(RECEIPT_REASONS.filter((code) => !isRetryable({ code }))).toEqual([
      'contentMissing',
      'softwareTooOld',
      'batteryEmpty',
      'nothingRunning',
      'notInstalled',
      'batteryTooLow',
      'updateRunning',
      'operatingSystemNotForModel',
      'softwareUpToDate',
    ]);
  });
});

describe('headsetsToRetry', () => {
  const entry = (headset: string, receipt: Receipt) => ({ headset, receipt });
  it('takes failed headsets a try can help, and stopped ones while the content runs on others', () => {
    expect(
      headsetsToRetry([
        entry('Spica', { state: 'playing' }),
        entry('Regulus', { state: 'stopped' }),
        entry('Vega', { state: 'failed', reason: { code: 'offline' } }),
        entry('Altair', { state: 'failed', reason: { code: 'softwareTooOld' } }),
        entry('Deneb', { state: 'arrived' }),
      ]),
    ).toEqual(['Regulus', 'Vega']);
  });

  it('leaves stopped headsets to "Nochmal starten" once the content runs nowhere', () => {
    expect(
      headsetsToRetry([entry('Spica', { state: 'stopped' }), entry('Regulus', { state: 'stopped' })]),
    ).toEqual([]);
  });
});
