import { randomBytes } from 'node:crypto';
import { isValidPassword } from '@portal/domain';
import { InvalidFields } from '../../errors.ts';
import { secretHash } from '../../infra/passwords.ts';
import { MESSAGES } from '../../messages.ts';
import { isLoopbackUrl } from '../loopback.ts';

/**
 * What the mailed one-time links have in common — the password-reset link (`/reset-password/<token>`) and the
 * invitation link (`/invitation/<token>`): a random token of which only the hash is stored, the origin the link may
 * name, and the spec §5 rule of the password the link's page sets.
 */

/** Where a service reports what only operators need to know. */
export interface ServiceLog {
  error(details: object, message: string): void;
}

/**
 * The origin of mailed links: PUBLIC_URL only. The request's Host header is the client's word, so a link built from it
 * could send the secret token to any host an attacker names. Without PUBLIC_URL only development on this machine
 * gets a link (the request named a loopback host: the link cannot lead anywhere else); null means no link.
 */
export function mailLinkOrigin(publicUrl: string | undefined, requestOrigin: string): string | null {
  if (publicUrl !== undefined) return publicUrl;
  return isLoopbackUrl(requestOrigin) ? requestOrigin : null;
}

/** The operator's log line when a link cannot be mailed because PUBLIC_URL is missing. */
export function logMissingPublicUrl(log: ServiceLog, what: string, requestOrigin: string): void {
  log.error(
    { requestOrigin },
    `${what} not sent: PUBLIC_URL is not set, and without it mailed links go only to requests for this machine ` +
      '(localhost). Set PUBLIC_URL to the origin users open the portal at.',
  );
}

/** A new 256-bit token for a link, and the hash to store in its place (`secretHash`, as for every random secret). */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: secretHash(token) };
}

/** What is wrong with a password a link's page sets (spec §5), or undefined when it follows the rule. */
export function newPasswordProblem(password: string): string | undefined {
  return isValidPassword(password) ? undefined : MESSAGES.field.password;
}

/** The password a link's page sets must follow spec §5; otherwise 400 on `password`. */
export function requireNewPassword(password: string): void {
  const problem = newPasswordProblem(password);
  if (problem) throw InvalidFields.of('password', problem);
}
