#!/usr/bin/env node
// Fails when a README or a code comment names a file, document or function the repository does not have
// (scripts/references.mjs says what counts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDanglingReferences } from './references.mjs';

const started = performance.now();
const dangling = findDanglingReferences(join(dirname(fileURLToPath(import.meta.url)), '..'));
const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (dangling.length > 0) {
  console.error(
    `Names of things the repository does not have (${dangling.length}):\n  ${dangling.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Every name in the READMEs and code comments exists (${seconds} s).`);
