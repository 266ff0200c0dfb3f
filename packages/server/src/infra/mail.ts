import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface StoredMail extends OutgoingMail {
  id: string;
  from: string;
  createdAt: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Sends through SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Without SMTP every mail becomes one JSON file in the outbox directory, named so that names sort by time; a
 * developer (or the e2e suite through GET /dev/outbox/) reads the links from there.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const now = new Date();
      const id = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const stored: StoredMail = { id, from, createdAt: now.toISOString(), ...mail };
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify(stored, null, 2)}\n`);
    },
  };
}

/** The outbox, newest first; optionally only the mails to one address (case-insensitive). */
export async function readOutbox(dir: string, to?: string): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const mails: StoredMail[] = [];
  for (const name of names) {
    try {
      mails.push(JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail);
    } catch {
      // A file being written or edited by hand is skipped rather than breaking the list.
    }
  }
  const wanted = to?.trim().toLowerCase();
  return mails
    .filter((mail) => !wanted || mail.to.toLowerCase() === wanted)
    .sort((a, b) =>
      a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt),
    );
}
