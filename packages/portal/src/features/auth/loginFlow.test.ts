import { LOGIN_LOCK_DURATION_MS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { type LoginAnswer, type LoginPorts, loginAnswer, runLogin, validateLoginForm } from './loginFlow.ts';

interface FakeServer {
  validPassword: string;
  userLoads: boolean;
  requests: number;
  /**
   * Whether it answers like the reference server (the attempts left, then a lock of 15 minutes, spec §9's 3 per
   * account and address) or like a server that names nothing (a bare 401).
   */
  names?: boolean;
  failures?: number;
  /** Whether the user has accepted the terms in force (default: yes). */
  termsAccepted?: boolean;
}

const START = Date.UTC(2026, 10, 22, 14, 5);
const LOCK_SECONDS = 900;

function fakePorts(
  server: FakeServer,
  storage: Map<string, string>,
  tokens: { current: string | null },
  clock = { now: START },
) {
  const ports: LoginPorts<string> = {
    now: () => clock.now,
    readAttempts: (account) =>
      storage.get('account') === account
        ? { remaining: storage.get('attempts') ?? null, lockedUntil: storage.get('lockedUntil') ?? null }
        : { remaining: null, lockedUntil: null },
    writeAttempts: (account, state) => {
      storage.set('account', account);
      storage.set('attempts', String(state.remaining));
      if (state.lockedUntil === null) storage.delete('lockedUntil');
      else storage.set('lockedUntil', String(state.lockedUntil));
    },
    async requestTokens({ password }): Promise<LoginAnswer<string>> {
      server.requests += 1;
      if (password === server.validPassword) {
        server.failures = 0;
        return { kind: 'tokens', tokens: 'token' };
      }
      if (!server.names) return { kind: 'wrong' };
      server.failures = (server.failures ?? 0) + 1;
      return server.failures >= 3
        ? { kind: 'locked', seconds: LOCK_SECONDS }
        : { kind: 'wrong', remainingAttempts: 3 - server.failures };
    },
    storeTokens: (token) => {
      tokens.current = token;
    },
    async loadUser() {
      if (!server.userLoads) throw new Error('500');
      return { hasAcceptedTos: server.termsAccepted ?? true };
    },
    discardTokens: () => {
      tokens.current = null;
    },
  };
  return ports;
}

const ACCOUNT = 'lehrer@schule.example';
const credentials = (password: string) => ({ email: ' Lehrer@Schule.example ', password });

describe('login attempts as the server tells them (spec §4)', () => {
  it('counts 2, 1 as the server names them, then blocks for the time it names and sends no request', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0, names: true };
    const storage = new Map<string, string>();
    const ports = fakePorts(server, storage, { current: null });

    expect(await runLogin(ports, credentials('falsch1'))).toEqual({ kind: 'failed', remaining: 2 });
    expect(await runLogin(ports, credentials('falsch2'))).toEqual({ kind: 'failed', remaining: 1 });
    const until = START + LOCK_SECONDS * 1000;
    expect(await runLogin(ports, credentials('falsch3'))).toEqual({
      kind: 'blocked',
      requested: true,
      until,
    });
    expect(storage.get('attempts')).toBe('0');
    expect(storage.get('lockedUntil')).toBe(String(until));
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({
      kind: 'blocked',
      requested: false,
      until,
    });
    expect(server.requests).toBe(3);
  });

  it("takes the server's count over its own: failures elsewhere count too", async () => {
    const storage = new Map<string, string>();
    const ports: LoginPorts<string> = {
      ...fakePorts({ validPassword: '', userLoads: true, requests: 0 }, storage, { current: null }),
      requestTokens: async () => ({ kind: 'wrong', remainingAttempts: 1 }),
    };
    expect(await runLogin(ports, credentials('falsch1'))).toEqual({ kind: 'failed', remaining: 1 });
    expect(storage.get('attempts')).toBe('1');
  });

  it('blocks when the server says the login is locked, for the time it names, with attempts left here', async () => {
    const storage = new Map([
      ['account', ACCOUNT],
      ['attempts', '3'],
    ]);
    const ports: LoginPorts<string> = {
      ...fakePorts({ validPassword: '', userLoads: true, requests: 0 }, storage, { current: null }),
      requestTokens: async () => ({ kind: 'locked', seconds: 420 }),
    };
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({
      kind: 'blocked',
      requested: true,
      until: START + 420_000,
    });
  });
});

describe('the counter of one account', () => {
  it('blocks that account only: another address goes to the server, which answers for that one', async () => {
    const server: FakeServer = { validPassword: 'portal2026', userLoads: true, requests: 0, names: true };
    const storage = new Map<string, string>();
    const ports = fakePorts(server, storage, { current: null });
    for (const password of ['falsch1', 'falsch2', 'falsch3']) await runLogin(ports, credentials(password));
    expect(await runLogin(ports, credentials('portal2026'))).toMatchObject({
      kind: 'blocked',
      requested: false,
    });

    server.failures = 0;
    const colleague = { email: 'zfsl@zfsl.example', password: 'falsch4' };
    expect(await runLogin(ports, colleague)).toEqual({ kind: 'failed', remaining: 2 });
    expect(server.requests).toBe(4);
    expect(storage.get('account')).toBe('zfsl@zfsl.example');
  });
});

describe('login attempts with a server that names nothing (spec §4)', () => {
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
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({
      kind: 'success',
      termsPending: false,
    });
    expect(server.requests).toBe(4);
    expect(storage.get('attempts')).toBe('3');
    expect(storage.has('lockedUntil')).toBe(false);
  });

  it('gives a block stored without its end (older portal) one, so that it ends', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0 };
    const storage = new Map([
      ['account', ACCOUNT],
      ['attempts', '0'],
    ]);
    const clock = { now: START };
    const ports = fakePorts(server, storage, { current: null }, clock);
    expect(await runLogin(ports, credentials('portal2026'))).toMatchObject({ kind: 'blocked' });
    expect(storage.get('lockedUntil')).toBe(String(START + LOGIN_LOCK_DURATION_MS));
    clock.now = START + LOGIN_LOCK_DURATION_MS;
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({
      kind: 'success',
      termsPending: false,
    });
  });

  it('resets the counter to 3 on success and keeps the tokens', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0 };
    const storage = new Map([
      ['account', ACCOUNT],
      ['attempts', '1'],
    ]);
    const tokens = { current: null as string | null };
    expect(await runLogin(fakePorts(server, storage, tokens), credentials('portal2026'))).toEqual({
      kind: 'success',
      termsPending: false,
    });
    expect(storage.get('attempts')).toBe('3');
    expect(tokens.current).toBe('token');
  });

  it('says when the terms dialog follows the sign-in (its toast then waits for the acceptance)', async () => {
    const server = { validPassword: 'portal2026', userLoads: true, requests: 0, termsAccepted: false };
    const storage = new Map([['account', ACCOUNT]]);
    expect(await runLogin(fakePorts(server, storage, { current: null }), credentials('portal2026'))).toEqual({
      kind: 'success',
      termsPending: true,
    });
  });

  it('a failed user load says the login failed and drops the tokens, but the right password used up nothing', async () => {
    const server = { validPassword: 'portal2026', userLoads: false, requests: 0 };
    const storage = new Map([
      ['account', ACCOUNT],
      ['attempts', '2'],
    ]);
    const tokens = { current: null as string | null };
    expect(await runLogin(fakePorts(server, storage, tokens), credentials('portal2026'))).toEqual({
      kind: 'failed',
      remaining: 3,
    });
    expect(tokens.current).toBeNull();
    expect(storage.get('attempts')).toBe('3');
  });
});

describe('answers that check nothing', () => {
  it("pass the server's reason on and leave the attempt counter alone", async () => {
    const storage = new Map([
      ['account', ACCOUNT],
      ['attempts', '2'],
    ]);
    const reason = { text: 'Zu viele Versuche. Bitte warten Sie.' };
    const ports: LoginPorts<string> = {
      ...fakePorts({ validPassword: '', userLoads: true, requests: 0 }, storage, { current: null }),
      requestTokens: async () => ({ kind: 'notChecked', reason }),
    };
    expect(await runLogin(ports, credentials('portal2026'))).toEqual({ kind: 'notChecked', reason });
    expect(storage.get('attempts')).toBe('2');
  });
});

describe('reading the login answer (contract login)', () => {
  it.each([
    [201, 'pair', undefined, { kind: 'tokens', tokens: 'pair' }],
    [
      401,
      undefined,
      { detail: 'x', code: 'invalidCredentials', params: { remainingAttempts: 2 } },
      { kind: 'wrong', remainingAttempts: 2 },
    ],
    [401, undefined, { detail: 'Anmeldedaten nicht gültig.' }, { kind: 'wrong' }],
    [
      401,
      undefined,
      { code: 'invalidCredentials', params: { remainingAttempts: 'zwei' } },
      { kind: 'wrong' },
    ],
    [
      401,
      undefined,
      { code: 'loginLocked', params: { minutes: 15, seconds: 900 } },
      { kind: 'locked', seconds: 900 },
    ],
    [
      429,
      undefined,
      { code: 'loginLocked', params: { minutes: 14, seconds: 811 } },
      { kind: 'locked', seconds: 811 },
    ],
    [429, undefined, { code: 'loginLocked' }, { kind: 'locked' }],
  ] as const)('%i %j %j', (status, data, body, expected) => {
    expect(loginAnswer(status, data, body)).toEqual(expected);
  });

  it('words a refusal that checked nothing by its code', () => {
    expect(
      loginAnswer(429, undefined, { code: 'loginThrottled', params: { minutes: 15, seconds: 900 } }),
    ).toEqual({
      kind: 'notChecked',
      reason: { key: 'common:serverErrors.loginThrottled', values: { count: 15 } },
    });
    expect(loginAnswer(429, undefined, { detail: 'Slow down' })).toEqual({
      kind: 'notChecked',
      reason: { key: 'auth:toasts.loginThrottled.description' },
    });
    expect(loginAnswer(503, undefined, { code: 'serverBusy', params: { seconds: 5 } })).toMatchObject({
      kind: 'notChecked',
      reason: { key: 'common:serverErrors.serverBusy' },
    });
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
