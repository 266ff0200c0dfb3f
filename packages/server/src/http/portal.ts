import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const LOCALES = 'public, max-age=300, must-revalidate';
const OTHER = 'public, max-age=3600';

export function hasPortalBuild(portalDist: string): boolean {
  return existsSync(join(portalDist, 'index.html'));
}

/**
 * Serves the built portal: pre-compressed .br/.gz files written by the build, hashed files under /assets/ cached
 * for a year, index.html always revalidated, /locales briefly cached.
 */
export async function registerPortal(app: FastifyInstance, portalDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: portalDist,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    // The SPA fallback answers unknown paths; directory listings and redirects would only get in its way.
    redirect: false,
    index: ['index.html'],
    setHeaders(reply, path) {
      // The path may name the pre-compressed twin (index.html.br); the rule belongs to the original.
      const normalised = path.replaceAll('\\', '/').replace(/\.(br|gz)$/, '');
      if (normalised.endsWith('/index.html')) reply.header('Cache-Control', 'no-cache');
      else if (normalised.includes('/assets/')) reply.header('Cache-Control', IMMUTABLE);
      else if (normalised.includes('/locales/')) reply.header('Cache-Control', LOCALES);
      else reply.header('Cache-Control', OTHER);
    },
  });
}

/** Paths owned by the API or translation files never fall back to the SPA. */
function isSpaPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    !path.startsWith('/api/') &&
    path !== '/api' &&
    !path.startsWith('/locales/') &&
    !path.startsWith('/media/')
  );
}

export function wantsSpa(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    isSpaPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
