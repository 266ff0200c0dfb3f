import { type APIRequestContext, expect } from '@playwright/test';

/** One mail of the reference server's local outbox (written when no SMTP_URL is configured). */
export interface OutboxMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  createdAt: string;
}

/**
 * The newest mail to `address` from GET /dev/outbox/ (dev only: no SMTP, NODE_ENV not 'production'), waiting up to
 * `timeout` ms for one created after `since` (e.g. `new Date()` taken just before clicking 'Senden').
 * Pass `baseURL` for an isolated server; otherwise the request context's baseURL is used.
 */
export async function newestMailTo(
  request: APIRequestContext,
  address: string,
  options: { since?: Date; baseURL?: string; timeout?: number } = {},
): Promise<OutboxMail> {
  const url = `${options.baseURL ?? ''}/dev/outbox/?to=${encodeURIComponent(address)}`;
  const since = options.since?.toISOString() ?? '';
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(url);
        if (!response.ok()) return `GET /dev/outbox/ answered ${response.status()}`;
        const { results } = (await response.json()) as { results: OutboxMail[] };
        found = results.find((mail) => mail.createdAt >= since);
        return found ? 'found' : 'no mail yet';
      },
      { timeout: options.timeout ?? 10_000, message: `a mail to ${address} in the outbox` },
    )
    .toBe('found');
  if (!found) throw new Error(`no mail to ${address}`);
  return found;
}

/** The reset link of a password reset mail, e.g. 'http://127.0.0.1:8181/reset-password/AbC…'. */
export function resetLinkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in mail '${mail.subject}'`);
  return link;
}
