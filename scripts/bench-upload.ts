// `npm run bench:upload`: upload throughput of the reference server, printed, never asserted.
//  1. A generated file (1 GiB; BENCH_UPLOAD_MIB overrides) goes through the real server (startServer on an
//     in-memory database, a temporary UPLOAD_DIR) with the real upload engine (uploadMultipart of @portal/api,
//     Node fetch, 4 parts in parallel, each with its SHA-256 in Content-Digest, which the server checks while it
//     writes): sign-in, content item, start, signed part URLs, PUTs, complete.
//  2. The same file, the same engine (hashing included) and part size against a minimal node:http server that
//     answers the four JSON calls trivially and only streams each part to disk, checking nothing.
//  3. The ratio real / bare (aim: at least 0.7). BENCH_UPLOAD_ROUNDS (3) rounds alternate between the two; the
//     best of each counts, since other load on the machine can only slow a run down.
//  4. The CPU time each server process used per GiB (Linux /proc; the database thread included): unlike MB/s it
//     hardly depends on what else runs on the machine, so it shows the server's own cost even on a busy one.
// Each server runs in its own process, as it would in production, so the client does not share its thread.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createPortalClient, type PortalClient } from '../packages/api/src/client.ts';
import { uploadMultipart } from '../packages/api/src/upload/multipart.ts';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const PART_SIZE = 16 * MiB;
const FILE_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
const FILE_NAME = 'bench_upload.bin';
const self = fileURLToPath(import.meta.url);

/** Child mode: the real server on a fresh in-memory database. Prints its URL, stops when stdin closes. */
async function serveReal(uploadDir: string): Promise<void> {
  process.env.UPLOAD_DIR = uploadDir;
  process.env.UPLOAD_PART_SIZE = String(PART_SIZE);
  const { startServer } = await import('../packages/server/src/app.ts');
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    logLevel: 'silent',
    portalDist: join(uploadDir, 'no-portal'),
    demoFleet: false,
  });
  console.log(JSON.stringify({ url: server.url }));
  process.stdin.resume();
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
}

/** Child mode: the least a server must do — answer the JSON calls and stream each part's bytes to a file. */
function serveBare(uploadDir: string): void {
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const expires = () => new Date(Date.now() + 3_600_000).toISOString();
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    const part = /^\/parts\/(\d+)$/.exec(url);
    if (req.method === 'PUT' && part) {
      pipeline(req, createWriteStream(join(uploadDir, `part-${part[1]}`))).then(
        () => {
          res.setHeader('ETag', `"${part[1]}"`);
          json(res, 200, { part_number: Number(part[1]), etag: `"${part[1]}"` });
        },
        () => json(res, 500, { detail: 'write failed' }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      if (url.endsWith('/pre-signed-url-content-multipart/')) {
        json(res, 201, {
          upload_id: 'bare',
          file_name: body.file_name,
          part_size: PART_SIZE,
          max_parts: 10_000,
          expires_at: expires(),
          parts: [],
        });
      } else if (url.endsWith('/upload-part-url/')) {
        json(res, 200, {
          url: `/parts/${body.part_number}`,
          part_number: body.part_number,
          expires_at: expires(),
        });
      } else if (url.endsWith('/complete-multipart-upload/')) {
        json(res, 200, { file: '/bare', fileSize: FILE_MIB * MiB });
      } else {
        json(res, 204, {});
      }
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
  });
  process.stdin.resume();
  process.stdin.on('end', () => server.close(() => process.exit(0)));
}

function startChild(mode: 'real' | 'bare', uploadDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...process.execArgv, self, `--serve-${mode}`, uploadDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited early (${code})`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.end();
  await exited;
}

async function generateFile(path: string): Promise<void> {
  // Incompressible bytes; one random block repeated keeps generation cheap.
  const block = randomBytes(16 * MiB);
  const out = createWriteStream(path);
  for (let written = 0; written < FILE_MIB * MiB; written += block.length) {
    const chunk = block.subarray(0, Math.min(block.length, FILE_MIB * MiB - written));
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

interface Target {
  mode: 'real' | 'bare';
  child: ChildProcess;
  url: string;
  uploadDir: string;
  client: PortalClient;
  contentId: number;
}

async function startTarget(mode: 'real' | 'bare', workDir: string): Promise<Target> {
  const uploadDir = mkdtempSync(join(workDir, `${mode}-`));
  const { child, url } = await startChild(mode, uploadDir);
  let token: string | null = null;
  const client = createPortalClient({ baseUrl: url, getToken: () => token, onUnauthorized: () => {} });
  let contentId = 1;
  if (mode === 'real') {
    const login = await client.POST('/api/v1/sessions/', {
      body: { username: 'admin@kmz.example', password: 'portal2026' },
    });
    if (!login.data) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
    token = login.data.access;
    const created = await client.POST('/api/v1/cms/content/', {
      body: { title: 'Benchmark-Upload', contentType: 'video', isPublic: false },
    });
    if (!created.data) throw new Error(`content not created: ${JSON.stringify(created.error)}`);
    contentId = created.data.id;
  }
  return { mode, child, url, uploadDir, client, contentId };
}

/** CPU seconds a child process has used so far, from /proc (undefined where there is none). */
function cpuSeconds(child: ChildProcess): number | undefined {
  try {
    // After "pid (name) " come state, ppid, …: utime and stime (fields 14 and 15) are the 12th and 13th, in
    // clock ticks of 1/100 s on Linux.
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

interface Run {
  /** MB/s (10^6 bytes). */
  rate: number;
  /** CPU seconds of the server process per GiB uploaded. */
  cpuPerGiB: number | undefined;
}

/** One upload of the whole file. Each upload replaces the previous file of the item. */
async function upload(target: Target, file: Blob): Promise<Run> {
  const cpuBefore = cpuSeconds(target.child);
  const started = performance.now();
  const result = await uploadMultipart({
    client: target.client,
    target: { kind: 'content', id: target.contentId },
    file,
    fileName: FILE_NAME,
    partBaseUrl: target.url,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.fileSize !== file.size)
    throw new Error(`${target.mode}: ${result.fileSize} bytes stored, ${file.size} sent`);
  if (target.mode === 'real') {
    const stored = join(
      target.uploadDir,
      'files',
      // The URL is signed (the item is private): its path names the key.
      decodeURIComponent(new URL(result.file, 'http://x').pathname.slice('/media/files/'.length)),
    );
    if (statSync(stored).size !== file.size) throw new Error('real: the stored file has the wrong size');
  }
  const cpuAfter = cpuSeconds(target.child);
  const cpuPerGiB =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * GiB) / file.size;
  return { rate: file.size / 1e6 / seconds, cpuPerGiB };
}

const ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3));

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const targets: Target[] = [];
  try {
    const path = join(workDir, FILE_NAME);
    await generateFile(path);
    const file = await openAsBlob(path);
    console.log(
      `Upload of ${FILE_MIB} MiB in ${Math.ceil((FILE_MIB * MiB) / PART_SIZE)} parts of 16 MiB, 4 in parallel, ` +
        `${ROUNDS} rounds alternating (the best of each counts: other load on the machine only slows a run down)`,
    );
    const real = await startTarget('real', workDir);
    targets.push(real);
    const bare = await startTarget('bare', workDir);
    targets.push(bare);
    const results = { real: [] as Run[], bare: [] as Run[] };
    const f = (n: number | undefined) => (n ?? 0).toFixed(0).padStart(5);
    const cpu = (n: number | undefined) => (n === undefined ? '   ?' : n.toFixed(2));
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await upload(real, file);
      const b = await upload(bare, file);
      results.real.push(r);
      results.bare.push(b);
      console.log(
        `  round ${round}: reference ${f(r.rate)} MB/s (${cpu(r.cpuPerGiB)} CPU-s/GiB), ` +
          `minimal ${f(b.rate)} MB/s (${cpu(b.cpuPerGiB)} CPU-s/GiB)`,
      );
    }
    const best = (runs: Run[]) => Math.max(...runs.map((run) => run.rate));
    // The least CPU a run needed: interruptions by other processes can only add to it.
    const leastCpu = (runs: Run[]) => {
      const values = runs.flatMap((run) => (run.cpuPerGiB === undefined ? [] : [run.cpuPerGiB]));
      return values.length > 0 ? Math.min(...values) : undefined;
    };
    console.log(
      `  reference server (uploadMultipart → signed part URLs → disk): ${f(best(results.real))} MB/s, ` +
        `${cpu(leastCpu(results.real))} CPU-s/GiB`,
    );
    console.log(
      `  minimal node:http server (parts streamed to disk):           ${f(best(results.bare))} MB/s, ` +
        `${cpu(leastCpu(results.bare))} CPU-s/GiB`,
    );
    console.log(`  ratio: ${(best(results.real) / best(results.bare)).toFixed(2)} (aim: at least 0.7)`);
  } finally {
    for (const target of targets) {
      await stopChild(target.child);
      rmSync(target.uploadDir, { recursive: true, force: true });
    }
    rmSync(workDir, { recursive: true, force: true });
  }
}

const [mode, dir] = process.argv.slice(2);
if (mode === '--serve-real' && dir) await serveReal(dir);
else if (mode === '--serve-bare' && dir) serveBare(dir);
else await main();
