// A dependency-free static file server for built output (storybook-static, a Vite app's dist).
// Used by the visual tests (as Playwright's webServer: `node static-server.mjs <dir> <port>`) and by
// the pack test (imported). Serves files only below the given directory; unknown paths answer 404.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Serves `dir` on 127.0.0.1:`port` (0 = a free port); resolves with its URL and a close function. */
export function serveStatic(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(root, path);
    if (file !== root && !file.startsWith(root + sep)) return void res.writeHead(403).end();
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      await stat(file);
    } catch {
      return void res.writeHead(404).end('Not found');
    }
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      // What it serves is a finished build that does not change while it runs: browsers may keep it.
      'cache-control': 'max-age=600',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
      resolvePromise({ url, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir = '.', port = '6007'] = process.argv.slice(2);
  const { url } = await serveStatic(dir, Number(port));
  console.log(`serving ${resolve(dir)} at ${url}`);
}
