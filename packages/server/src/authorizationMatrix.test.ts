import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractOperation, loadContract, prepareContract } from './contract.ts';
import { type CellRequest, callerFor, FIXTURES } from './test/authorizationFixtures.ts';
import { AUTHORIZATION_MATRIX } from './test/authorizationMatrix.ts';
import { describeViolations } from './test/contractConformance.ts';
import { DemoWorld, ROLES } from './test/demoWorld.ts';
import { createTestServer, type TestServer } from './test/testServer.ts';

/**
 * Issue 25, item 4: the authorization matrix. Every operation of the contract × every role, one real request per
 * cell to a test server with the demo data, each compared with the status the table (test/authorizationMatrix.ts)
 * names; the answers are checked against the contract as every test server's are. An operation of the contract
 * without a row or a fixture fails here by name.
 */

const scratch = mkdtempSync(join(tmpdir(), 'vr-portal-matrix-'));
process.env.OUTBOX_DIR = join(scratch, 'outbox');
process.env.UPLOAD_DIR = join(scratch, 'uploads');

const MATRIX_FILE = 'packages/server/src/test/authorizationMatrix.ts';
const FIXTURES_FILE = 'packages/server/src/test/authorizationFixtures.ts';
const operations = prepareContract(loadContract()).operations;
const rows: Partial<Record<string, readonly number[]>> = AUTHORIZATION_MATRIX;
const fixtures: Partial<Record<string, (typeof FIXTURES)[keyof typeof FIXTURES]>> = FIXTURES;

let server: TestServer;
let world: DemoWorld;

beforeAll(async () => {
  server = await createTestServer();
  world = await DemoWorld.open(server);
});
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The request's URL: the contract's path with its parameters filled in, and the query. */
function urlOf(operation: ContractOperation, request: CellRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined)
      throw new Error(`the fixture of ${operation.operationId} names no path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([name, value]) => [name, String(value)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

describe('the authorization matrix', () => {
  it('has a row and a fixture for every operation of the contract, and none for another', () => {
    const ids = operations.map((operation) => operation.operationId);
    const withoutRow = ids.filter((id) => !rows[id]);
    const withoutFixture = ids.filter((id) => !fixtures[id]);
    expect(
      withoutRow,
      `operations of openapi/portal.yaml without a row in ${MATRIX_FILE}: \`pnpm run matrix:rows\` prints a first ` +
        'guess of each row from the contract; paste it there and correct each cell by the access rules',
    ).toEqual([]);
    expect(
      withoutFixture,
      `operations of openapi/portal.yaml without a fixture (a valid request) in ${FIXTURES_FILE}`,
    ).toEqual([]);
    expect(
      Object.keys(rows).filter((id) => !ids.includes(id)),
      'rows of operations the contract lacks',
    ).toEqual([]);
    console.log(
      `authorization matrix: ${ids.length} operations × ${ROLES.length} roles = ${ids.length * ROLES.length} cells`,
    );
  });

  it.each(operations)('$operationId answers each role as the table says', async (operation) => {
    const row = rows[operation.operationId];
    const fixture = fixtures[operation.operationId];
    if (!row || !fixture) {
      throw new Error(
        `${operation.operationId} has no row in ${MATRIX_FILE} or no fixture in ${FIXTURES_FILE}`,
      );
    }
    const differences: string[] = [];
    for (const [column, role] of ROLES.entries()) {
      const caller = await callerFor(world, fixture, role);
      const request = await fixture.request(world, caller);
      const before = server.contractViolations.length;
      const response = await server.app.inject({
        method: operation.method as 'GET',
        url: urlOf(operation, request),
        headers: { ...caller.headers, ...request.headers },
        payload: request.body === undefined ? request.payload : (request.body as object),
      });
      if (response.statusCode !== row[column]) {
        differences.push(
          `${role}: ${response.statusCode} (table: ${row[column]}) ${response.body.slice(0, 300)}`,
        );
      }
      const violations = server.contractViolations.slice(before);
      if (violations.length > 0) differences.push(`${role}: ${describeViolations(violations)}`);
      if (response.statusCode < 300) await fixture.restore?.(world);
    }
    expect(differences, `${operation.operationId} (${operation.method} ${operation.path})`).toEqual([]);
  });
});
