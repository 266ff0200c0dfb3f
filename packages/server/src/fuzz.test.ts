import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, prepareContract } from './contract.ts';
import { callerFor, FIXTURES } from './test/authorizationFixtures.ts';
import { ContractArbitraries, type FuzzRequest, requestArbitrary } from './test/contractArbitraries.ts';
import { describeViolations } from './test/contractConformance.ts';
import { brokenInvariants } from './test/databaseInvariants.ts';
import { DemoWorld, ROLE_ACCOUNTS, ROLES, type Role } from './test/demoWorld.ts';
import { createTestServer, type TestServer } from './test/testServer.ts';

/**
 * Issue 25, item 6: requests made from the contract's schemas by fast-check, valid ones and ones made invalid by one
 * mutation each (test/contractArbitraries.ts), to every operation as every role, one after the other against a test
 * server with the demo data. None may be answered with a 5xx or outside the contract (the test server checks every
 * answer), and afterwards the database's invariants hold (test/databaseInvariants.ts).
 *
 * FUZZ_REQUESTS (2,000 here, 10,000 in `npm run bench:fuzz`) and FUZZ_SEED (random, printed) choose the run; the
 * same seed and count send the same requests again (the database they meet is the same up to fresh ids).
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** Share of the requests made invalid on purpose. */
const INVALID_SHARE = 0.4;
/** How often the roles are put back where the requests moved them (an account deleted, a session ended …). */
const REVIVE_EVERY = 100;
/** How often the run says how far it is, and how many of the slowest answers it names at the end. */
const PROGRESS_EVERY = 1000;
const SLOWEST = 5;

const scratch = mkdtempSync(join(tmpdir(), 'vr-portal-fuzz-'));
process.env.OUTBOX_DIR = join(scratch, 'outbox');
process.env.UPLOAD_DIR = join(scratch, 'uploads');

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

/** Existing uuids, serial numbers and addresses the generated requests take now and then. */
async function hintsOf(testServer: TestServer) {
  const { db } = testServer.database;
  const uuids = await db.execute<{ uuid: string }>(sql`select uuid from contents order by id`);
  const serials = await db.execute<{ serial_number: string }>(
    sql`select serial_number from devices order by id`,
  );
  const emails = Object.values(ROLE_ACCOUNTS);
  return {
    byFormat: { uuid: uuids.rows.map((row) => row.uuid) },
    byName: {
      serial: { values: serials.rows.map((row) => row.serial_number) },
      serialNumber: { values: serials.rows.map((row) => row.serial_number) },
      username: { values: emails },
      email: { values: emails },
      // A held long poll would stop the run for up to 25 s.
      wait: { values: [0], only: true },
    },
  };
}

/** A failing request as the report shows it: where it was in the run, who sent it and what, to send it again. */
function reproduction(index: number, role: Role, request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body ${Buffer.isBuffer(request.payload) ? `(bytes, hex) ${request.payload.toString('hex').slice(0, 400)}` : JSON.stringify(request.payload.slice(0, 400))}`;
  const headers =
    Object.keys(request.headers).length > 0 ? ` headers ${JSON.stringify(request.headers)}` : '';
  return (
    `#${index} of seed ${SEED} as ${role}: ${request.operation.method} ${request.url}` +
    ` (${request.mutation ?? 'valid'})${headers}${payload}`
  );
}

describe('fuzzing from the contract', () => {
  it(
    `${REQUESTS} generated requests as every role: no 5xx, nothing outside the contract, the invariants hold`,
    async () => {
      console.log(
        `fuzz: seed ${SEED}, ${REQUESTS} requests (FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS} repeats it)`,
      );
      const contract = loadContract();
      const operations = prepareContract(contract).operations;
      const arbitraries = new ContractArbitraries(contract, await hintsOf(server));
      const perOperation = operations.map((operation) =>
        requestArbitrary(arbitraries, contract, operation, INVALID_SHARE),
      );
      const cases = fc.sample(
        fc.record({
          request: fc
            .integer({ min: 0, max: perOperation.length - 1 })
            .chain((i) => perOperation[i] as fc.Arbitrary<FuzzRequest>),
          role: fc.constantFrom<Role>(...ROLES),
        }),
        { seed: SEED, numRuns: REQUESTS },
      );

      const started = performance.now();
      const statuses = new Map<number, number>();
      const serverErrors: string[] = [];
      const outsideContract: string[] = [];
      const slowest: { took: number; request: string }[] = [];
      let mutated = 0;
      for (const [index, { request, role }] of cases.entries()) {
        if (index > 0 && index % REVIVE_EVERY === 0) await world.revive();
        const fixture = FIXTURES[request.operation.operationId as keyof typeof FIXTURES];
        const caller = await callerFor(world, fixture, role);
        const sent = performance.now();
        const response = await server.app.inject({
          method: request.operation.method as 'GET',
          url: request.url,
          headers: { ...caller.headers, ...request.headers },
          payload: request.payload,
        });
        const took = performance.now() - sent;
        slowest.push({
          took,
          request: `#${index} as ${role}: ${request.operation.method} ${request.url.slice(0, 120)} → ${response.statusCode}`,
        });
        slowest.sort((a, b) => b.took - a.took).splice(SLOWEST);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if ((index + 1) % PROGRESS_EVERY === 0) {
          console.log(
            `fuzz: ${index + 1} requests after ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        }
        if (request.mutation) mutated += 1;
        // Taken out of the server's list, so each one is reported here with the request that caused it.
        const violations = server.contractViolations.splice(0);
        if (response.statusCode >= 500) {
          serverErrors.push(
            `${reproduction(index, role, request)}\n  → ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
        }
        if (violations.length > 0) {
          outsideContract.push(
            `${reproduction(index, role, request)}\n  → ${describeViolations(violations)}`,
          );
        }
        if (response.statusCode < 300) await fixture.restore?.(world);
      }
      const seconds = (performance.now() - started) / 1000;
      const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
      console.log(
        `fuzz: ${REQUESTS} requests (${REQUESTS - mutated} as generated from the schemas, ${mutated} made invalid) as ` +
          `${ROLES.length} roles in ${seconds.toFixed(1)} s (${(REQUESTS / seconds).toFixed(0)}/s); ` +
          `5xx: ${serverErrors.length}, outside the contract: ${outsideContract.length}; statuses ${histogram.join(', ')}`,
      );

      console.log(
        `fuzz: slowest answers\n${slowest.map((s) => `  ${s.took.toFixed(0)} ms ${s.request}`).join('\n')}`,
      );

      const broken = await brokenInvariants(server.database.db);
      const rerun = `(FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS} repeats the run)`;
      expect(serverErrors, `answers 5xx ${rerun}`).toEqual([]);
      expect(outsideContract, `answers outside the contract ${rerun}`).toEqual([]);
      expect(broken, `invariants broken after the run ${rerun}`).toEqual([]);
    },
    // About 25 ms a request on an idle machine; a loaded one takes several times that.
    Math.max(180_000, REQUESTS * 150),
  );
});
