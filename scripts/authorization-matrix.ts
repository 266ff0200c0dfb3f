// `pnpm run matrix:rows` (or `tsx scripts/authorization-matrix.ts [--all]`): the rows the authorization matrix lacks.
// The matrix (packages/server/src/test/authorizationMatrix.ts) holds, for every operation of openapi/portal.yaml, the
// status each role gets for a valid request. It was written once by this script and is kept by hand: this prints a
// first guess for each operation of the contract that has no row yet (with `--all`, for every operation), from the
// operation's `security` and its declared success status — anonymous and headset callers 401 where a bearer token is
// required, everybody else the success status; the headset side for the headset only. Paste the rows into the table,
// then correct each cell to what the access rules say (403 for a role that is refused, 404 where the object is
// invisible to it, …); the matrix test (src/authorizationMatrix.test.ts) shows every cell that differs.

import { type ContractOperation, loadContract, prepareContract } from '../packages/server/src/contract.ts';
import { AUTHORIZATION_MATRIX } from '../packages/server/src/test/authorizationMatrix.ts';
import { ROLES } from '../packages/server/src/test/demoWorld.ts';

const contract = loadContract();
const { operations } = prepareContract(contract);

function successStatus(operation: ContractOperation): number {
  const item = contract.paths?.[operation.path]?.[operation.method.toLowerCase()] as
    | { responses?: Record<string, unknown> }
    | undefined;
  const statuses = Object.keys(item?.responses ?? {})
    .map(Number)
    .filter((status) => status >= 200 && status < 400)
    .sort((a, b) => a - b);
  return statuses[0] ?? 200;
}

/** The first guess of a row: who gets in by the operation's security alone. */
export function guessRow(operation: ContractOperation): number[] {
  const success = successStatus(operation);
  return ROLES.map((role) => {
    switch (operation.auth) {
      case 'bearer':
        return role === 'anonymous' || role === 'headset' ? 401 : success;
      case 'device':
        return role === 'headset' ? success : 401;
      default:
        return success;
    }
  });
}

const all = process.argv.includes('--all');
const known = AUTHORIZATION_MATRIX as Record<string, unknown>;
const missing = operations.filter((operation) => all || !Object.hasOwn(known, operation.operationId));
if (missing.length === 0) {
  console.log('Every operation of the contract has its row.');
} else {
  const width = Math.max(...missing.map((operation) => operation.operationId.length)) + 2;
  console.log(`// ${''.padEnd(width - 1)}${ROLES.join(' ')}`);
  for (const operation of missing) {
    console.log(`  ${`${operation.operationId}:`.padEnd(width)}[${guessRow(operation).join(', ')}],`);
  }
  if (!all) console.log(`\n${missing.length} operation(s) without a row; add a fixture for each too.`);
}
