#!/usr/bin/env node
// Fails when a package would publish test code (scripts/packContents.mjs): `node scripts/check-pack-contents.mjs
// packages/api packages/ui` (the ui's dist must be built first).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packedFiles, testCodeIn } from './packContents.mjs';

const packageDirs = process.argv.slice(2);
if (packageDirs.length === 0) {
  console.error('usage: node scripts/check-pack-contents.mjs <package dir>…');
  process.exit(2);
}
let failed = false;
for (const dir of packageDirs) {
  const { name } = JSON.parse(readFileSync(join(resolve(dir), 'package.json'), 'utf8'));
  const files = packedFiles(resolve(dir));
  const testCode = testCodeIn(files);
  if (testCode.length > 0) {
    failed = true;
    console.error(`${name} would publish test code (${testCode.length}):\n  ${testCode.join('\n  ')}`);
  } else {
    console.log(`${name}: ${files.length} files packed, no test code.`);
  }
}
process.exit(failed ? 1 : 0);
