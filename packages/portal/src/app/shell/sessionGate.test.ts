import { describe, expect, it } from 'vitest';
import { sessionGate } from './sessionGate.ts';

const accepted = { hasAcceptedTos: true };
const pending = { hasAcceptedTos: false };

describe('the session gate of the shell (spec §4)', () => {
  it('shows visitors the page', () => {
    expect(sessionGate({ signedIn: false, user: undefined, failed: false, pathname: '/library' })).toBe(
      'page',
    );
  });

  it('shows no page content while the signed-in user loads, and an error when loading fails', () => {
    expect(sessionGate({ signedIn: true, user: undefined, failed: false, pathname: '/library' })).toBe(
      'loading',
    );
    expect(sessionGate({ signedIn: true, user: undefined, failed: true, pathname: '/dashboard' })).toBe(
      'failed',
    );
  });

  it('shows the terms dialog instead of the page until they are accepted', () => {
    expect(sessionGate({ signedIn: true, user: pending, failed: false, pathname: '/library' })).toBe('terms');
    expect(sessionGate({ signedIn: true, user: pending, failed: false, pathname: '/login' })).toBe('terms');
    expect(sessionGate({ signedIn: true, user: accepted, failed: false, pathname: '/library' })).toBe('page');
  });

  it('keeps the login pages while they set the session up', () => {
    for (const pathname of ['/login', '/oidc-antares']) {
      expect(sessionGate({ signedIn: true, user: undefined, failed: false, pathname })).toBe('page');
    }
  });
});
