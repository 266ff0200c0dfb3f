import { describe, expect, it } from 'vitest';
import { auditHeadsetStateOf, auditOutcomeOf, isAuditKind, mayReadAuditLog } from './audit.ts';
import type { DomainUser } from './roles.ts';

const schoolOf = (isAdministrator: boolean, email: string) => ({
  id: 2,
  organisationType: 2,
  msbSchoolNumber: '123456',
  memberships: [{ isAdministrator, user: { email } }],
});

describe('who reads the Protokoll', () => {
  const cases: [string, DomainUser | undefined, boolean][] = [
    ['signed out', undefined, false],
    ['a member', { email: 'l@s.example', organisations: [schoolOf(false, 'l@s.example')] }, false],
    [
      'a content administrator without the administrator flag',
      { email: 'c@s.example', isContentAdmin: true, organisations: [schoolOf(false, 'c@s.example')] },
      false,
    ],
    ['an administrator', { email: 'a@s.example', organisations: [schoolOf(true, 'a@s.example')] }, true],
    [
      'an administrator of a later organisation only',
      {
        email: 'a@s.example',
        organisations: [schoolOf(false, 'a@s.example'), { ...schoolOf(true, 'a@s.example'), id: 3 }],
      },
      true,
    ],
    ['staff without organisation', { email: 's@p.example', isStaff: true, organisations: [] }, true],
  ];
  it.each(cases)('%s: %s', (_, user, expected) => {
    expect(mayReadAuditLog(user)).toBe(expected);
  });
});

describe('the outcome of an entry', () => {
  it('is done without headsets (the entry was written by the change itself)', () => {
    expect(auditOutcomeOf([])).toEqual({
      state: 'done',
      done: 0,
      failed: 0,
      pending: 0,
      refused: 0,
      unknown: 0,
    });
  });

  it('waits while a headset has not answered, whatever the others did', () => {
    expect(auditOutcomeOf(['done', 'failed', 'pending']).state).toBe('pending');
  });

  it('is done when every headset carried the command out, failed when none did, partial in between', () => {
    expect(auditOutcomeOf(['done', 'done'])).toMatchObject({ state: 'done', done: 2 });
    expect(auditOutcomeOf(['failed', 'refused', 'unknown'])).toMatchObject({
      state: 'failed',
      failed: 1,
      refused: 1,
      unknown: 1,
    });
    expect(auditOutcomeOf(['done', 'refused'])).toMatchObject({ state: 'partial', done: 1, refused: 1 });
  });

  it('reads a command status: open is pending, expired counts as failed, a lost command as unknown', () => {
    expect(auditHeadsetStateOf('queued', false)).toBe('pending');
    expect(auditHeadsetStateOf('delivered', false)).toBe('pending');
    expect(auditHeadsetStateOf('done', false)).toBe('done');
    expect(auditHeadsetStateOf('expired', false)).toBe('failed');
    expect(auditHeadsetStateOf(null, false)).toBe('unknown');
    expect(auditHeadsetStateOf(null, true)).toBe('refused');
  });

  it('knows its kinds', () => {
    expect(isAuditKind('command')).toBe(true);
    expect(isAuditKind('login')).toBe(false);
  });
});
