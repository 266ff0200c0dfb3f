import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the text holds an ASCII control character (0x00–0x1F or DEL). */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Reads one cookie of the request (no cookie plugin: the social login needs three cookies, nothing more). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      const value = decodeURIComponent(part.slice(index + 1).trim());
      // Cookie values go into database queries; a control character (NUL above all) is never a value we set.
      return hasControlCharacter(value) ? undefined : value;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  path?: string;
  maxAge?: number;
  httpOnly?: boolean;
}

/** Appends a Set-Cookie header; SameSite=Lax everywhere, Secure when the request came over https. */
export function setCookie(
  request: FastifyRequest,
  reply: Pick<FastifyReply, 'header' | 'getHeader'>,
  name: string,
  value: string,
  options: CookieOptions = {},
): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (request.protocol === 'https') parts.push('Secure');
  const existing = reply.getHeader('set-cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, parts.join('; ')]);
}
