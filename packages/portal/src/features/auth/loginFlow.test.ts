import { LOGIN_LOCK_DURATION_MS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { type LoginPorts, LoginThrottledError, runLogin, validateLoginForm } from './loginFlow.ts';

interface FakeServer {
  validPassword: string;
  userLoads: boolean;
  requests: number;
}

const START = Date.UTC(2026, 10, 22, 14, 5);

function fakePorts(
  server: FakeServer,
  storage: Map<string, string>,
  tokens: { current: string | null },
  clock = { now: START },
) {
  const ports: LoginPorts<string> = {
    now: () => clock.now,
    readAttempts: () => ({
      remaining: storage.get('attempts') ?? null,
      lockedUntil: storage.get('lockedUntil') ?? null,
    }),
    writeAttempts: (state) => {
      storage.set('attempts', String(state.remaining));
      if (state.lockedUntil === null) storage.delete('lockedUntil');
      else storage.set('lockedUntil', String(state.lockedUntil));
    },
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
    expect(await runLogin(ports, credentials('falsch3'))).toEqual({
      kind: 'blocked',
      requested: true,
      until: START + LOGIN_LOCK_DURATION_MS,
    });
    expect(server.requests).toBe(3);
    expect(storage.get('attempts')).toBe('0');
    expect(storage.get('lockedUntil')).toBe(String(START + LOGIN_LOCK_DURATION_MS));

    expect(await runLogin(ports, credentials('portal2026'))).toEqual({
      kind: 'blocked',
      requested: false,
      until: START + LOGIN_LOCK_DURATION_MS,
    });
    expect(server.requests).toBe(3);
    expect(tokens.current).toBeNull();
  });

  it('lifts the block after the lock period: the right password then signs in', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0 };
    const storage = new Map<string, string>();
    const tokens = { current: null as string | null };
    const clock = { now: START };
    const ports = fakePorts(server, storage, tokens, clock);
    for (const password of ['falsch1', 'falsch2', 'falsch3']) await runLogin(ports, credentials(password));

    clock.now = START + LOGIN_LOCK_DURATION_MS - 1;
    expect(await runLogin(ports, credentials('portal2026'))).toMatchObject({
      kind: 'blocked',
      requested: false,
    });
    expect(server.requests).toBe(3);

    clock.now = START + LOGIN_LOCK_DURATION_MS;
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({ kind: 'success' });
    expect(server.requests).toBe(4);
    expect(storage.get('attempts')).toBe('3');
    expect(storage.has('lockedUntil')).toBe(false);
  });

  it('gives a block stored without its start (older portal) a start, so that it ends', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0 };
    const storage = new Map([['attempts', '0']]);
    const clock = { now: START };
    const ports = fakePorts(server, storage, { current: null }, clock);
    expect(await runLogin(ports, credentials('portal2026'))).toMatchObject({ kind: 'blocked' });
    expect(storage.get('lockedUntil')).toBe(String(START + LOGIN_LOCK_DURATION_MS));
    clock.now = START + LOGIN_LOCK_DURATION_MS;
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({ kind: 'success' });
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
  it("passes the server's reason on and leaves the attempt counter alone", async () => {
    const storage = new Map([['attempts', '2']]);
    const reason = { text: 'Zu viele Versuche. Bitte warten Sie.' };
    const ports: LoginPorts<string> = {
      ...fakePorts({ validPassword: '', userLoads: true, requests: 0 }, storage, { current: null }),
      requestTokens: () => Promise.reject(new LoginThrottledError(reason)),
    };
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({ kind: 'throttled', reason });
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
