import { Forbidden, NotFound } from '../../errors.ts';
import { mediaKeyOf } from '../../infra/storage.ts';
import { MESSAGES } from '../../messages.ts';
import type { FileGrant } from '../access.ts';
import { purposeKey, signatureMatches, signHex } from './signedUrls.ts';

/** The query of a signed media URL as it arrives (any of them may be missing or malformed). */
export interface SignedFileQuery {
  org?: unknown;
  expires?: unknown;
  signature?: unknown;
}

const ORGANISATION_ID = /^[1-9][0-9]{0,9}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

/** How many steps a URL's lifetime is cut into: URLs stay the same within one step, so browsers can cache them. */
const STEPS_PER_LIFETIME = 6;

/**
 * Signed URLs of stored files (decision of issue 10, item 5; README "Media files"). A file of a public item has its
 * plain URL, `/media/files/<key>`. Every other file is handed out as
 * `/media/files/<key>?org=<organisation>&expires=<unix seconds>&signature=<hex>` with
 * `signature = HMAC-SHA256(key derived from the URL signing secret, "<key>|<organisation>|<expires>")`
 * (`org` is left out, and empty in the signed text, for the signed-in grant of operating system images).
 * The URL says "handed out to this organisation, until then"; whether that organisation may still see the item is
 * checked again on every request (`storedFileVisibleTo`). So a URL works in `<img src>`, `<a href>` and a headset's
 * plain GET without any header, and a withdrawn share still ends access at once.
 */
export class MediaLinks {
  private readonly key: Buffer;

  constructor(
    secret: Buffer,
    /** The least time a handed-out URL stays valid (MEDIA_URL_TTL_SECONDS). */
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = purposeKey(secret, 'vr-portal media file URLs');
  }

  private static message(key: string, grant: FileGrant, expires: number): string {
    const organisation = grant === 'signedIn' ? '' : String(grant.organisationId);
    return `${key}|${organisation}|${expires}`;
  }

  /**
   * The URL under which `grant` may fetch the stored file `url` (a URL as items store it): `url` itself without a
   * grant (public items) or when it is no file of the store (demo files under /media/demo/, external addresses).
   * Valid for at least the configured lifetime; the expiry is rounded up to a sixth of it, so the same file and
   * grant give the same URL for a while and browsers reuse what they cached.
   */
  link(url: string, grant: FileGrant | null): string;
  link(url: string | null, grant: FileGrant | null): string | null;
  link(url: string | null, grant: FileGrant | null): string | null {
    if (url === null || grant === null) return url;
    const key = mediaKeyOf(url);
    if (key === null) return url;
    const step = Math.max(1, Math.floor(this.ttlSeconds / STEPS_PER_LIFETIME));
    const expires = Math.ceil((this.now() / 1000 + this.ttlSeconds) / step) * step;
    const signature = signHex(this.key, MediaLinks.message(key, grant, expires));
    const organisation = grant === 'signedIn' ? '' : `org=${grant.organisationId}&`;
    return `${url}?${organisation}expires=${expires}&signature=${signature}`;
  }

  /**
   * The grant a request for `key` carries: null for an unsigned request. A signature that does not fit (another
   * file, organisation or expiry, or none of ours) answers 404 like a file that does not exist; a fitting but expired
   * one 403 with a German hint to reload, since its holder did see the file.
   */
  grantOf(key: string, query: SignedFileQuery): FileGrant | null {
    const { org, expires, signature } = query;
    if (org === undefined && expires === undefined && signature === undefined) return null;
    const organisation = org === undefined ? null : text(org, ORGANISATION_ID);
    const expiry = text(expires, UNIX_SECONDS);
    const given = text(signature, SIGNATURE);
    if ((org !== undefined && organisation === null) || expiry === null || given === null) {
      throw new NotFound(MESSAGES.request.notFound);
    }
    const grant: FileGrant = organisation === null ? 'signedIn' : { organisationId: Number(organisation) };
    if (!signatureMatches(this.key, MediaLinks.message(key, grant, Number(expiry)), given)) {
      throw new NotFound(MESSAGES.request.notFound);
    }
    if (Number(expiry) * 1000 < this.now()) throw new Forbidden(MESSAGES.files.linkExpired);
    return grant;
  }
}

/** The query value if it is one text of the expected form (a repeated parameter arrives as an array). */
function text(value: unknown, pattern: RegExp): string | null {
  return typeof value === 'string' && pattern.test(value) ? value : null;
}
