import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFound } from '../errors.ts';
import type { S3MediaStorage } from '../infra/s3Storage.ts';
import { LocalMediaStorage, MEDIA_FILES_PREFIX, mediaKeyOf } from '../infra/storage.ts';
import { MESSAGES } from '../messages.ts';

function fileHeaders(reply: FastifyReply): void {
  reply.header('Cache-Control', 'public, max-age=3600');
  reply.header('X-Content-Type-Options', 'nosniff');
  // Uploaded files come from users: opened directly, an HTML or SVG file must not run script on our origin.
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
}

/** The type local delivery (@fastify/static uses @fastify/send) gives the same key, so both stores agree. */
function contentType(key: string): string {
  const type = send.mime.getType(key) ?? 'application/octet-stream';
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/**
 * Delivers uploaded content files, previews and documents at /media/files/<key>: from disk with @fastify/static, or
 * streamed from S3 (GetObject with the client's Range and revalidation headers, so video seeking works).
 */
export async function registerMediaFiles(
  app: FastifyInstance,
  storage: LocalMediaStorage | S3MediaStorage,
): Promise<void> {
  if (storage instanceof LocalMediaStorage) {
    // The router prefers this longer prefix over the bundled demo files at /media/.
    await app.register(fastifyStatic, {
      root: storage.filesDir,
      prefix: MEDIA_FILES_PREFIX,
      decorateReply: false,
      cacheControl: false,
      setHeaders: fileHeaders,
    });
    return;
  }
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_FILES_PREFIX}*`,
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      let key: string | null;
      try {
        key = mediaKeyOf(path);
      } catch {
        key = null; // malformed %-escape
      }
      if (!key || key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
        throw new NotFound(MESSAGES.request.notFound);
      }
      const file = await storage.readFile(key, request.method === 'HEAD' ? 'HEAD' : 'GET', request.headers);
      if (!file) throw new NotFound(MESSAGES.request.notFound);
      fileHeaders(reply);
      if (file.status === 412 || file.status === 416) {
        // S3's XML error stays inside; the client learns the file's size from Content-Range (416).
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
