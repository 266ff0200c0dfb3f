import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers below this size go out as they are: compressing them saves a few bytes and costs a round of CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * What a contract answer is compressed with, by the client's Accept-Encoding: brotli (at quality 4, the plugin's
 * default for answers made per request), else gzip. JSON only: the contract answers nothing else.
 */
const CONTRACT_ANSWERS: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: COMPRESSION_THRESHOLD_BYTES,
  customTypes: /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i,
};

/**
 * Compresses the JSON answers of the contract's operations (issue 25): a Mediathek page of 50 items shrinks to a
 * fraction (server README, "Compression"). Nothing else is compressed here: the portal's files come compressed from
 * its build (.br/.gz, http/portal.ts), and stored files — videos, apps, images, OS images — go out as stored, with
 * their Content-Length and byte ranges intact (most are compressed already, and a headset resumes a download by
 * range). Request bodies are never decompressed: a compressed upload would slip past the size limits.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Marks each contract route before the plugin's own onRoute hook (added by the registration below) reads it.
  app.addHook('onRoute', (route) => {
    if (route.config && 'operationId' in route.config) route.compress = CONTRACT_ANSWERS;
  });
  // `global: false`: other routes get nothing, neither compression nor decompression.
  await app.register(fastifyCompress, { ...CONTRACT_ANSWERS, global: false });
}
