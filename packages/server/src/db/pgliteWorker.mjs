// @ts-check
// Runs PGlite (single-threaded WebAssembly) in its own thread so a busy query never stalls the HTTP thread.
// Plain JavaScript on purpose: worker threads do not inherit the TypeScript loader of the parent (tsx, Vitest).
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { pgliteExtensions } from './pgliteExtensions.mjs';

if (!parentPort) throw new Error('pglite-worker must run as a worker thread');
const port = parentPort;

/** @type {{ dataDir: string, maxConnections: number, loadDataDir?: string }} */
const options = workerData;

try {
  // A dumped, freshly initialised cluster skips initdb (seconds); tests use it for their in-memory databases.
  const loadDataDir = options.loadDataDir ? new Blob([await readFile(options.loadDataDir)]) : undefined;
  const db = await PGlite.create(options.dataDir, {
    extensions: pgliteExtensions,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    maxConnections: options.maxConnections,
  });
  await server.start();
  const conn = server.getServerConn();
  port.postMessage({ type: 'ready', port: Number(conn.split(':').pop()) });

  port.on('message', async (message) => {
    if (message?.type !== 'stop') return;
    try {
      await server.stop();
      // close() flushes the data directory; skipping it can leave a persistent database unusable.
      await db.close();
      port.postMessage({ type: 'stopped' });
    } catch (error) {
      port.postMessage({ type: 'error', message: String(error) });
    }
    port.close();
  });
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
