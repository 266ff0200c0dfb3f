// `npm run bench:audit`: the Protokoll at 100,000 entries, figures printed, never asserted (issue 24).
// Per database (PGlite in memory, and with BENCH_DATABASE_URL a throwaway database on that PostgreSQL server) the real
// server starts in this process on a fresh database with the demo data; the log is filled with --entries generated
// entries over 180 days (90 % the Gymnasium's, commands with their headsets and each headset's command, a fifth of
// them to the whole class set), the tables are analysed as autovacuum would, and every page the portal asks for is
// timed over real HTTP from request to the last byte: the first, a later and the last page, filtered pages (time
// range, kind, person, headset, several at once) for the Gymnasium's administrator and for staff, and the CSV export
// of one day and of everything. Aim: every page under 300 ms. Only 127.0.0.1 is spoken to.
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { type RunningServer, startServer } from '../packages/server/src/app.ts';
import { seedBulkAuditEntries } from '../packages/server/src/db/seedBulkAudit.ts';
import { type ThrowawayDatabase, throwawayDatabase } from '../packages/server/src/test/databaseSnapshot.ts';
import { loadAverage, percentile, send } from './benchHttp.ts';

const USAGE = `npm run bench:audit -- [options]

  --entries N      generated entries besides the demo morning (100000)
  --rounds N       measured requests per page, after 3 to warm up (15)
  --database X     pglite, postgres or both (both with BENCH_DATABASE_URL, else pglite)

BENCH_DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db: a throwaway database is created on that server and dropped.`;

const AIM_MS = 300;
const WARM_UP = 3;

interface Context {
  port: number;
  agent: Agent;
  admin: string;
  staff: string;
  ids: { gymnasium: number; schulleitung: number; busyHeadset: number; quietHeadset: number };
}

/** GET as the bearer's owner; the answer's body, after checking it is a 200. */
async function get(context: Context, token: string, path: string) {
  const answer = await send(context.agent, context.port, 'GET', path, {
    headers: { authorization: `Bearer ${token}` },
    timeoutMs: 120_000,
  });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return answer;
}

const list = (query: Record<string, string | number>) =>
  `/api/v1/audit/entries/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

/** A page's path for the caller; some need an earlier answer (a cursor) first. */
type PagePath = (context: Context, token: string) => Promise<string>;
const page =
  (query: Record<string, string | number> = {}): PagePath =>
  async () =>
    list({ page_size: 50, ...query });
const following =
  (cursor: 'next' | 'last', query: Record<string, string | number> = {}): PagePath =>
  async (context, token) => {
    const first = JSON.parse((await get(context, token, list({ page_size: 50, ...query }))).body) as Record<
      string,
      string
    >;
    return list({ page_size: 50, ...query, cursor: first[cursor] ?? '' });
  };
const DAY = 24 * 3600 * 1000;
const ninetyDaysAgo = () => ({
  from: new Date(Date.now() - 90 * DAY).toISOString(),
  to: new Date(Date.now() - 83 * DAY).toISOString(),
});

function scenarios(context: Context): [label: string, who: 'admin' | 'staff', path: PagePath][] {
  const { ids } = context;
  return [
    ['first page (50)', 'admin', page()],
    ['first page (100)', 'admin', page({ page_size: 100 })],
    ['second page (cursor next)', 'admin', following('next')],
    ['last page (oldest)', 'admin', following('last')],
    ['a week 90 days ago', 'admin', page(ninetyDaysAgo())],
    ['kind: commands', 'admin', page({ kind: 'command' })],
    ['kind: role changes (rare)', 'admin', page({ kind: 'roleChanged' })],
    ['person: the Schulleitung', 'admin', page({ actor: ids.schulleitung })],
    ['headset in many entries', 'admin', page({ device: ids.busyHeadset })],
    ['headset in many entries, last page', 'admin', following('last', { device: ids.busyHeadset })],
    ['headset in few entries', 'admin', page({ device: ids.quietHeadset })],
    [
      'kind + person + a week',
      'admin',
      page({ kind: 'command', actor: ids.schulleitung, ...ninetyDaysAgo() }),
    ],
    ['staff: first page', 'staff', page()],
    ['staff: last page', 'staff', following('last')],
    ['staff: one organisation, commands', 'staff', page({ organisation: ids.gymnasium, kind: 'command' })],
  ];
}

async function measurePages(context: Context, rounds: number): Promise<void> {
  console.log(
    `\n  ${'page'.padEnd(38)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  entries`,
  );
  for (const [label, who, path] of scenarios(context)) {
    const token = who === 'admin' ? context.admin : context.staff;
    const target = await path(context, token);
    const times: number[] = [];
    let entries = 0;
    for (let round = 0; round < WARM_UP + rounds; round += 1) {
      const answer = await get(context, token, target);
      if (round >= WARM_UP) times.push(answer.ms);
      entries = (JSON.parse(answer.body) as { results: unknown[] }).results.length;
    }
    const p95 = percentile(times, 95);
    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(8);
    console.log(
      `  ${label.padEnd(38)} ${ms(percentile(times, 50))} ${ms(p95)} ${ms(Math.max(...times))}  ${String(entries).padStart(3)}${p95 > AIM_MS ? '  (over the aim)' : ''}`,
    );
  }
}

async function measureExports(context: Context): Promise<void> {
  const day = {
    from: new Date(Date.now() - 30 * DAY).toISOString(),
    to: new Date(Date.now() - 29 * DAY).toISOString(),
  };
  for (const [label, query] of [
    ['CSV of one day', `?${new URLSearchParams(day)}`],
    ['CSV of everything', ''],
  ] as const) {
    const answer = await get(context, context.admin, `/api/v1/audit/entries/export/${query}`);
    const rows = answer.body.split('\r\n').length - 2;
    console.log(
      `  ${label.padEnd(38)} ${(answer.ms / 1000).toFixed(2)} s, ${rows} rows, ${(Buffer.byteLength(answer.body) / 1024 ** 2).toFixed(1)} MB`,
    );
  }
}

async function signIn(port: number, email: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/sessions/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'portal2026' }),
  });
  if (response.status !== 201) throw new Error(`sign-in of ${email}: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

async function run(engine: 'pglite' | 'postgres', entries: number, rounds: number): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database: ThrowawayDatabase | undefined =
    engine === 'postgres' && adminUrl
      ? await throwawayDatabase(adminUrl, { prefix: 'vr_portal_bench' })
      : undefined;
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory://',
      databaseUrl: database?.url,
      demoFleet: false,
      // The seeding holds the database for a minute in one transaction; the server's own sweeps (expired commands,
      // the Protokoll's retention) wait for it meanwhile and log each timed-out attempt as a warning.
      logLevel: 'error',
      portalDist: '/nonexistent-portal-dist',
    });
    const port = Number(new URL(server.url).port);
    const label = engine === 'postgres' ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (in memory)';
    console.log(`\n${label}: load average ${loadAverage()} (2 cores, shared: figures are noisy)`);
    const seeding = performance.now();
    const seeded = await seedBulkAuditEntries(server.database.db, entries);
    console.log(
      `  seeded ${seeded.entries.toLocaleString('en')} entries with ${seeded.headsetRows.toLocaleString('en')} headset rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const context: Context = {
      port,
      agent: new Agent({ keepAlive: true, maxSockets: 1 }),
      admin: await signIn(port, 'schulleitung@schule.example'),
      staff: await signIn(port, 'staff@vr-portal.example'),
      ids: seeded.ids,
    };
    await measurePages(context, rounds);
    await measureExports(context);
    console.log(`  load average after: ${loadAverage()}`);
    context.agent.destroy();
  } finally {
    await server?.close();
    await database?.drop();
  }
}

async function main() {
  const { values } = parseArgs({
    // `pnpm run bench:audit -- --entries …` hands the separator on.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      entries: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '15' },
      database: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const database = values.database ?? (process.env.BENCH_DATABASE_URL ? 'both' : 'pglite');
  if (database !== 'pglite' && !process.env.BENCH_DATABASE_URL)
    throw new Error('--database postgres needs BENCH_DATABASE_URL');
  const engines =
    database === 'both' ? (['pglite', 'postgres'] as const) : [database as 'pglite' | 'postgres'];
  for (const engine of engines) await run(engine, Number(values.entries), Number(values.rounds));
}

await main();
