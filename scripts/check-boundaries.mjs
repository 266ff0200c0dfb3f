#!/usr/bin/env node
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findViolations } from './boundaries.mjs';

const violations = findViolations(join(dirname(fileURLToPath(import.meta.url)), '..'));
if (violations.length > 0) {
  console.error(`Package boundaries broken (${violations.length}):\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log('Package boundaries hold.');
