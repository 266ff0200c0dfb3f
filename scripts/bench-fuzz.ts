// `npm run bench:fuzz`: the contract fuzzer (packages/server/src/fuzz.test.ts) with FUZZ_REQUESTS (default 10,000)
// generated requests instead of the 2,000 of every test run, on PGlite (with TEST_DATABASE_URL on PostgreSQL).
// Prints the seed, the count of valid and invalidated requests, the statuses, the time, and fails on any 5xx, any
// answer outside openapi/portal.yaml or a broken database invariant. FUZZ_SEED repeats a run.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  'pnpm',
  ['exec', 'vitest', 'run', '--project', 'unit', 'packages/server/src/fuzz.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '10000' },
  },
);
process.exit(result.status ?? 1);
