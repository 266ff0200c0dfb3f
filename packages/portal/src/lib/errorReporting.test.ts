import { describe, expect, it, vi } from 'vitest';
import { parseDsn } from './env.ts';
import { createErrorReporter } from './errorReporting.ts';

const service = parseDsn('https://pubkey@errors.example.org/42');

function setup(options: { service?: typeof service | null; fails?: boolean } = {}) {
  const log = vi.fn();
  const send = vi.fn((_url: string, _init: RequestInit) =>
    options.fails ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({}),
  );
  const report = createErrorReporter({
    service: options.service === undefined ? service : options.service,
    send,
    log,
    now: () => Date.parse('2026-11-24T10:00:00Z'),
    location: () => 'https://portal.example.org/library',
    eventId: () => '0123456789abcdef0123456789abcdef',
  });
  return { report, log, send };
}

describe('reportError', () => {
  it('writes to the console and sends nothing without a service', () => {
    const { report, log, send } = setup({ service: null });
    const error = new Error('device types: HTTP 500');
    report(error, { during: 'deviceTypes' });
    expect(log).toHaveBeenCalledWith('[portal]', error, { during: 'deviceTypes' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends one Sentry envelope with the error, the page and the context to the DSN', () => {
    const { report, send } = setup();
    report(new TypeError('Failed to fetch'), { during: 'deviceTypes' });
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0] ?? [];
    expect(url).toBe('https://errors.example.org/api/42/envelope/?sentry_key=pubkey&sentry_version=7');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const [header, item, event] = String(init?.body)
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header).toEqual({
      event_id: '0123456789abcdef0123456789abcdef',
      sent_at: '2026-11-24T10:00:00.000Z',
      dsn: 'https://pubkey@errors.example.org/42',
    });
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({
      event_id: '0123456789abcdef0123456789abcdef',
      level: 'error',
      platform: 'javascript',
      exception: { values: [{ type: 'TypeError', value: 'Failed to fetch' }] },
      extra: { during: 'deviceTypes' },
      request: { url: 'https://portal.example.org/library' },
    });
    expect(event.timestamp).toBe(Date.parse('2026-11-24T10:00:00Z') / 1000);
  });

  it('words what is no Error, and never throws when the service cannot be reached', async () => {
    const { report, log } = setup({ fails: true });
    expect(() => report({ status: 503 })).not.toThrow();
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('[portal] error report not sent', expect.any(TypeError)),
    );
  });
});
