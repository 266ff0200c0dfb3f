import { describe, expect, it } from 'vitest';
import { type LoginPorts, LoginThrottledError, runLogin, validateLoginForm } from './loginFlow.ts';

interface FakeServer {
  validPassword: string;
  userLoads: boolean;
  requests: number;
}

function fakePorts(server: FakeServer, storage: Map<string, string>, tokens: { current: string | null }) {
  const ports: LoginPorts<string> = {
    readAttempts: () => storage.get('attempts') ?? null,
    writeAttempts: (remaining) => storage.set('attempts', String(remaining)),
    async requestTokens({ password }) {
      server.requests += 1;
      return password === server.validPassword ? 'token' : null;
    },
    storeTokens: (token) => {
      tokens.current = token;
    },
    async loadUser() {
      if (!server.userLoads) throw new Error('500');
    },
    discardTokens: () => {
      tokens.current = null;
    },
  };
  return ports;
}

const credentials = (password: string) => ({ email: 'lehrer@schule.example', password });

describe('login attempts (spec §4)', () => {
  it('counts failures down from 3, blocks at 0 and then sends no request', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0 };
    const storage = new Map<string, string>();
    const tokens = { current: null as string | null };
    const ports = fakePorts(server, storage, tokens);

    expect(await runLogin(ports, credentials('falsch1'))).toEqual({ kind: 'failed', remaining: 2 });
    expect(await runLogin(ports, credentials('falsch2'))).toEqual({ kind: 'failed', remaining: 1 });
    expect(await runLogin(ports, credentials('falsch3'))).toEqual({ kind: 'blocked', requested: true });
    expect(server.requests).toBe(3);
    expect(storage.get('attempts')).toBe('0');

    expect(await runLogin(ports, credentials('portal2026'))).toEqual({ kind: 'blocked', requested: false });
    expect(server.requests).toBe(3);
    expect(tokens.current).toBeNull();
  });

  it('resets the counter to 3 on success and keeps the tokens', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0 };
    const storage = new Map([['attempts', '1']]);
    const tokens = { current: null as string | null };
    expect(await runLogin(fakePorts(server, storage, tokens), credentials('portal2026'))).toEqual({
      kind: 'success',
    });
    expect(storage.get('attempts')).toBe('3');
    expect(tokens.current).toBe('token');
  });

  it('treats a failed user load as a failed login and drops the tokens', async () => {
    const server = { validPassword: 'portal2026', userLoads: false, requests: 0 };
    const storage = new Map<string, string>();
    const tokens = { current: null as string | null };
    expect(await runLogin(fakePorts(server, storage, tokens), credentials('portal2026'))).toEqual({
      kind: 'failed',
      remaining: 2,
    });
    expect(tokens.current).toBeNull();
  });

  it('counts a network error like a refused login', async () => {
    const storage = new Map<string, string>();
    const ports: LoginPorts<string> = {
      ...fakePorts({ validPassword: '', userLoads: true, requests: 0 }, storage, { current: null }),
      requestTokens: () => Promise.reject(new TypeError('Failed to fetch')),
    };
    expect(await runLogin(ports, credentials('x'))).toEqual({ kind: 'failed', remaining: 2 });
  });
});

describe('server throttling (429)', () => {
  it('passes the German detail on and leaves the attempt counter alone', async () => {
    const storage = new Map([['attempts', '2']]);
    const ports: LoginPorts<string> = {
      ...fakePorts({ validPassword: '', userLoads: true, requests: 0 }, storage, { current: null }),
      requestTokens: () => Promise.reject(new LoginThrottledError('Zu viele Versuche. Bitte warten Sie.')),
    };
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({
      kind: 'throttled',
      detail: 'Zu viele Versuche. Bitte warten Sie.',
    });
    expect(storage.get('attempts')).toBe('2');
  });
});

describe('login form validation', () => {
  it('asks for both fields before anything is sent', () => {
    expect(validateLoginForm({ email: '', password: '' })).toEqual({
      email: 'login.errors.emailRequired',
      password: 'login.errors.passwordRequired',
    });
  });

  it('rejects an address without a proper domain', () => {
    expect(validateLoginForm({ email: 'lehrer@schule', password: 'portal2026' })).toEqual({
      email: 'login.errors.emailInvalid',
    });
  });

  it.each(['kurz1', 'nurbuchstaben', '123456789'])(
    'applies the password rule of spec §5 to %s',
    (password) => {
      expect(validateLoginForm({ email: 'lehrer@schule.example', password })).toEqual({
        password: 'login.errors.passwordRule',
      });
    },
  );

  it('accepts a valid address with surrounding blanks and a password that follows the rule', () => {
    expect(validateLoginForm({ email: ' lehrer@schule.example ', password: 'falsch1234' })).toEqual({});
  });
});
