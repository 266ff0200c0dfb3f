import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|woff2|pdf|txt)$/;

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

/**
 * Writes .br and .gz beside every compressible file of dist/, so the server sends them as they are
 * (no compression per request). Copies that would not be smaller are skipped.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const brotli = promisify(brotliCompress);
      const gz = promisify(gzip);
      const jobs: Promise<void>[] = [];
      for await (const file of filesIn(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const raw = await readFile(file);
            const size = (await stat(file)).size;
            const [br, gzipped] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
                },
              }),
              gz(raw, { level: 9 }),
            ]);
            if (br.length < size) await writeFile(`${file}.br`, br);
            if (gzipped.length < size) await writeFile(`${file}.gz`, gzipped);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
