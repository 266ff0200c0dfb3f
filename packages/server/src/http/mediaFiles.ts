import send from '@fastify/send';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database.ts';
import { NotFound } from '../errors.ts';
import { MEDIA_FILES_PREFIX, type MediaStorage, mediaKeyOf } from '../infra/storage.ts';
import { MESSAGES } from '../messages.ts';
import type { MediaLinks, SignedFileQuery } from '../services/content/index.ts';
import { mayFetchStoredFile } from '../services/content/index.ts';

/**
 * Public files may sit in shared caches for an hour; every other file only in the fetching browser, and briefly,
 * so a withdrawn share is not served from a proxy to anybody else.
 */
const PUBLIC_CACHING = 'public, max-age=3600';
const PRIVATE_CACHING = 'private, max-age=300';

function fileHeaders(reply: FastifyReply, caching: string): void {
  reply.header('Cache-Control', caching);
  reply.header('X-Content-Type-Options', 'nosniff');
  // Uploaded files come from users: opened directly, an HTML or SVG file must not run script on our origin.
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
}

/** The type by the key's extension, as @fastify/static would give it. */
function contentType(key: string): string {
  const type = send.mime.getType(key) ?? 'application/octet-stream';
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/** The stored file's key of a request path, or 404 for paths that name none (bad escapes, empty or dot segments). */
function requestedKey(url: string): string {
  let key: string | null;
  try {
    key = mediaKeyOf(url.split('?')[0] ?? '');
  } catch {
    key = null; // malformed %-escape
  }
  if (!key || key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new NotFound(MESSAGES.request.notFound);
  }
  return key;
}

/**
 * Delivers content files, previews, documents and operating system images at /media/files/<key>, from either store
 * (local disk or S3, with the client's Range and revalidation headers, so videos can be seeked), to those who may
 * have them: the URL's signature names the grant (services/content/mediaLinks.ts), the access policy decides with what the
 * database holds now (`storedFileVisibleTo`). Anything else is 404, as for a file that does not exist.
 */
export function registerMediaFiles(
  app: FastifyInstance,
  { db, storage, mediaLinks }: { db: Database; storage: MediaStorage; mediaLinks: MediaLinks },
): void {
  app.route<{ Querystring: SignedFileQuery }>({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_FILES_PREFIX}*`,
    async handler(request, reply) {
      const key = requestedKey(request.url);
      const grant = mediaLinks.grantOf(key, request.query);
      if (!(await mayFetchStoredFile(db, key, grant))) throw new NotFound(MESSAGES.request.notFound);
      const file = await storage.readFile(key, request.method === 'HEAD' ? 'HEAD' : 'GET', request.headers);
      if (!file) throw new NotFound(MESSAGES.request.notFound);
      fileHeaders(reply, grant === null ? PUBLIC_CACHING : PRIVATE_CACHING);
      if (file.status === 412 || file.status === 416) {
        // The store's error page stays inside; the client learns the file's size from Content-Range (416).
        file.body.resume();
        if (file.headers['content-range']) reply.header('Content-Range', file.headers['content-range']);
        return reply.code(file.status).send({ detail: MESSAGES.request.badRequest });
      }
      reply.code(file.status).headers(file.headers).header('Content-Type', contentType(key));
      if (request.method === 'HEAD' || file.status === 304) {
        file.body.resume();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
}
