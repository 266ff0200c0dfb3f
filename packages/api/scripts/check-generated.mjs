// Fails when src/schema.d.ts no longer matches what `pnpm generate` would write from the contract, so a
// contract change can't land without the client types that go with it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '../..');
const contract = join(repoRoot, 'openapi/portal.yaml');
const committed = join(packageDir, 'src/schema.d.ts');
const bin = (dir, name) => join(dir, 'node_modules/.bin', name);

function run(command, args, input) {
  const result = spawnSync(command, args, { cwd: packageDir, encoding: 'utf8', input });
  if (result.error || result.status !== 0) {
    process.stderr.write(result.stderr || String(result.error));
    console.error(`check:generated: ${command} ${args.join(' ')} failed`);
    process.exit(2);
  }
  return result.stdout;
}

const tempDir = mkdtempSync(join(tmpdir(), 'portal-api-schema-'));
try {
  const fresh = join(tempDir, 'schema.d.ts');
  run(bin(packageDir, 'openapi-typescript'), [contract, '-o', fresh]);
  // Formatted as if it were the committed file, so the biome settings that apply there apply here too.
  const formatted = run(
    bin(repoRoot, 'biome'),
    ['format', '--stdin-file-path', 'src/schema.d.ts'],
    readFileSync(fresh, 'utf8'),
  );
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    // A missing file is stale too; reported below.
  }
  if (formatted !== current) {
    console.error('schema.d.ts is stale: run pnpm generate');
    process.exit(1);
  }
  console.log('schema.d.ts is up to date with openapi/portal.yaml');
} finally {
  rmSync(tempDir, { recursive: true, force: true });
}
