import { describe, expect, it } from 'vitest';
import {
  attentionFallbackCommands,
  attentionFallbackEndCommands,
  attentionReceiptOf,
  attentionRoute,
  fallbackOf,
} from './attention.ts';
import { unmetVersionGate } from './gates.ts';

describe('attentionRoute', () => {
  it('runs the command itself from 5.0.0, falls back to pause + mute from 4.9.4, refuses below', () => {
    expect(attentionRoute('5.1.2')).toEqual({ kind: 'attention' });
    expect(attentionRoute('5.0.0')).toEqual({ kind: 'attention' });
    expect(attentionRoute('4.9.4')).toEqual({ kind: 'fallback' });
    expect(attentionRoute('4.7.0')).toEqual({
      kind: 'tooOld',
      gate: { feature: 'remoteMute', requiredVersion: '4.9.4' },
    });
    expect(attentionRoute('4.4.0')).toEqual({
      kind: 'tooOld',
      gate: { feature: 'pauseResume', requiredVersion: '4.5.0' },
    });
    expect(attentionRoute(null).kind).toBe('tooOld');
    expect(unmetVersionGate('4.9.4', 'CMD.ATTENTION.END')).toEqual({
      feature: 'attention',
      requiredVersion: '5.0.0',
    });
  });
});

describe('the fallback', () => {
  it('pauses only what plays and mutes only what sounds, and undoes only that', () => {
    expect(attentionFallbackCommands({ playbackState: 'playing', muted: false })).toEqual([
      'CMD.TOGGLE.PAUSE',
      'CMD.MUTE',
    ]);
    expect(attentionFallbackCommands({ playbackState: 'paused', muted: true })).toEqual([]);
    const fallback = fallbackOf(['CMD.MUTE']);
    expect(fallback).toEqual({ paused: false, muted: true });
    expect(attentionFallbackEndCommands(fallback, { playbackState: 'paused', muted: true })).toEqual([
      'CMD.MUTE',
    ]);
    expect(
      attentionFallbackEndCommands({ paused: true, muted: true }, { playbackState: 'paused', muted: true }),
    ).toEqual(['CMD.TOGGLE.PAUSE', 'CMD.MUTE']);
    // A pupil resumed by hand: no toggle pauses it again.
    expect(
      attentionFallbackEndCommands(
        { paused: true, muted: false },
        { playbackState: 'playing', muted: false },
      ),
    ).toEqual([]);
    expect(attentionFallbackEndCommands(null, { playbackState: 'paused', muted: true })).toEqual([]);
  });
});

describe('attentionReceiptOf', () => {
  const online = { isOnline: true };
  it('words the fallback apart from the attention itself', () => {
    const done = { status: 'done', message: null } as const;
    expect(attentionReceiptOf({ command: 'CMD.ATTENTION', ...done }, online, false).state).toBe('attention');
    expect(attentionReceiptOf({ command: 'CMD.MUTE', ...done }, online, false).state).toBe('pausedAndMuted');
    expect(attentionReceiptOf({ command: 'CMD.TOGGLE.PAUSE', ...done }, online, true).state).toBe('resumed');
    expect(
      attentionReceiptOf({ command: 'CMD.ATTENTION', status: 'queued', message: null }, online, false).state,
    ).toBe('sent');
    expect(
      attentionReceiptOf(
        { command: 'CMD.ATTENTION', status: 'delivered', message: null },
        { isOnline: false },
        false,
      ).state,
    ).toBe('failed');
  });

  it("calls a command the headset restarted through failed, with the server's reason", () => {
    const reason = 'Die VR-Brille wurde neu gestartet, bevor sie ein Ergebnis gemeldet hat.';
    expect(
      attentionReceiptOf({ command: 'CMD.ATTENTION', status: 'interrupted', message: reason }, online, false),
    ).toEqual({ state: 'failed', message: reason });
  });
});
