import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccessSettings, readAccessSettings } from '../config.ts';
import { errorHandler } from '../errors.ts';
import { outboxMailer } from '../infra/mail.ts';
import { isLoopbackAddress } from '../services/loopback.ts';
import { registerDevOutbox, warnAboutMailSetup } from './devOutbox.ts';

let outboxDir: string;
beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'vr-portal-dev-outbox-'));
  await outboxMailer(outboxDir, 'test@vr-portal.example').send({
    to: 'lehrerin@schule.example',
    subject: 'VR-Portal: Passwort zurücksetzen',
    text: 'http://localhost/reset-password/geheim',
  });
});
afterAll(() => rm(outboxDir, { recursive: true, force: true }));

async function appWith(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  const app = Fastify();
  // The app answers errors through its one mapper; this bare instance needs it too.
  app.setErrorHandler(errorHandler);
  registerDevOutbox(app, { ...readAccessSettings(env), outboxDir });
  await app.ready();
  return app;
}

describe('GET /dev/outbox/', () => {
  it('answers direct requests from this machine (127.0.0.1, ::1, ::ffff:127.0.0.1), as the e2e suite makes them', async () => {
    const app = await appWith({});
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await app.inject({ url: '/dev/outbox/?to=lehrerin@schule.example', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.json().results[0].text).toContain('/reset-password/geheim');
    }
    await app.close();
  });

  it('is a 404 without any mail for other addresses and for requests through a proxy', async () => {
    const app = await appWith({});
    const outside = await app.inject({ url: '/dev/outbox/', remoteAddress: '192.168.1.20' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ detail: expect.any(String) });
    expect(outside.body).not.toContain('geheim');
    // A reverse proxy on this machine connects from 127.0.0.1 for everybody.
    const proxied = await app.inject({
      url: '/dev/outbox/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.body).not.toContain('geheim');
    await app.close();
  });

  it('DEV_OUTBOX=public opens it to every client', async () => {
    const app = await appWith({ DEV_OUTBOX: 'public' });
    const outside = await app.inject({ url: '/dev/outbox/', remoteAddress: '192.168.1.20' });
    expect(outside.statusCode).toBe(200);
    expect(outside.json().count).toBe(1);
    await app.close();
  });

  it('does not exist with SMTP or in production, from this machine either', async () => {
    for (const env of [
      { SMTP_URL: 'smtp://mail.example:587' },
      { NODE_ENV: 'production', DEV_OUTBOX: 'public' },
    ]) {
      const app = await appWith(env);
      expect((await app.inject({ url: '/dev/outbox/', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      await app.close();
    }
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '', undefined].some(isLoopbackAddress)).toBe(false);
  });
});

describe('mail setup warning at start', () => {
  function warningsFor(env: NodeJS.ProcessEnv): string[] {
    const warn = vi.fn();
    const settings: AccessSettings = readAccessSettings(env);
    warnAboutMailSetup({ warn } as unknown as FastifyBaseLogger, settings);
    return warn.mock.calls.map((call) => String(call[1]));
  }

  it('warns when PUBLIC_URL names a host others reach and SMTP_URL is missing', () => {
    const [message, ...more] = warningsFor({ PUBLIC_URL: 'https://vr-portal.schule.example' });
    expect(more).toEqual([]);
    expect(message).toMatch(/SMTP_URL is not set/);
    expect(message).toMatch(/only direct requests from this machine/);
    expect(warningsFor({ PUBLIC_URL: 'https://vr.example', DEV_OUTBOX: 'public' })[0]).toMatch(/ANYONE/);
  });

  it('stays quiet for local URLs, without PUBLIC_URL and with SMTP', () => {
    for (const publicUrl of [
      'http://localhost:8080',
      'http://127.0.0.1:5173',
      'http://[::1]:8080',
      'http://app.localhost',
    ])
      expect(warningsFor({ PUBLIC_URL: publicUrl }), publicUrl).toEqual([]);
    expect(warningsFor({})).toEqual([]);
    expect(warningsFor({ PUBLIC_URL: 'https://vr.example', SMTP_URL: 'smtp://mail.example' })).toEqual([]);
  });
});
