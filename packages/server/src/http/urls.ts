import type { FastifyRequest } from 'fastify';
import { NotFound } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { hasControlCharacter } from './cookies.ts';

/** Origin of the request as the caller sees it, for the absolute URLs DRF puts into `next`, `previous` and files. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * One slash, then no second one; printable ASCII without the backslash (0x21–0x5B, 0x5D–0x7E) throughout: blanks and
 * every other character come percent-encoded in a URL.
 */
const PATH_FORM = /^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/;
/** How often a path is percent-decoded at most when checked: as often as a proxy, server and router might. */
const DECODING_ROUNDS = 4;

/**
 * Where a browser may be sent back to on the portal (the callback after social sign-in): a path on `origin` (given
 * root-relative, or absolute on exactly that origin), answered root-relative with its query and fragment. Null for
 * anything that could lead elsewhere: another origin or a scheme, a path beginning `//` or `/\` (a browser reads
 * both as another host), a backslash anywhere, blanks, tabs, line breaks and other control characters (URL parsers
 * drop some of them, so `/\t/evil` becomes `//evil`), and paths that only become such after dot segments are
 * resolved (`/..//evil`) or after percent-decoding, once or repeatedly (`/%2F/evil`, `/%252F/evil`, `/%5Cevil`).
 * @example sameOriginPath('/oidc-antares?tab=2#top', 'https://portal.example') // '/oidc-antares?tab=2#top'
 * @example sameOriginPath('https://portal.example//evil.example/x', 'https://portal.example') // null
 */
export function sameOriginPath(value: string, origin: string): string | null {
  const relative = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  if (!PATH_FORM.test(relative)) return null;
  let url: URL;
  try {
    url = new URL(relative, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  let path = url.pathname;
  for (let round = 0; ; round += 1) {
    // No decoded path may hold a backslash (a browser reads it as a slash) or a control character either.
    if (path.startsWith('//') || path.includes('\\') || hasControlCharacter(path)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break; // A lone '%' decodes to nothing that could lead elsewhere.
    }
    if (decoded === path) break;
    if (round === DECODING_ROUNDS) return null;
    path = decoded;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** An absolute URL for a stored file: absolute ones stay, root-relative ones get the origin. */
export function absoluteUrl(origin: string, file: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(file) ? file : `${origin}${file.startsWith('/') ? '' : '/'}${file}`;
}

/** Absolute URL of another page of the same list (DRF's `next`/`previous`). */
export function pageUrl(origin: string, url: string, page: number): string {
  const target = new URL(url, origin);
  if (page === 1) target.searchParams.delete('page');
  else target.searchParams.set('page', String(page));
  return target.toString();
}

/**
 * The contract's list envelope `{count, next, previous, results}` for one page of a list. A page beyond the last
 * answers 404 as DRF does.
 */
export function paginated<Item>(
  request: FastifyRequest,
  paging: { page: number; pageSize: number },
  list: { count: number; results: Item[] },
) {
  const { page, pageSize } = paging;
  if (list.results.length === 0 && page > 1) throw new NotFound(MESSAGES.request.invalidPage);
  const origin = requestOrigin(request);
  return {
    count: list.count,
    next: page * pageSize < list.count ? pageUrl(origin, request.url, page + 1) : null,
    previous: page > 1 ? pageUrl(origin, request.url, page - 1) : null,
    results: list.results,
  };
}
