import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app.ts';
import { loadContract } from '../contract.ts';
import {
  ContractConformance,
  type ContractViolation,
  installContractConformance,
} from './contractConformance.ts';
import { createTestServer, seededPgliteData, type TestServer } from './testServer.ts';

/**
 * Issue 25, item 5: the check every test server runs on every answer. It must find an answer outside the contract;
 * here the contract is changed instead of the server (the server answers as always).
 */

const checker = new ContractConformance();
const json = 'application/json; charset=utf-8';

describe('ContractConformance', () => {
  it('accepts an answer the contract declares, with its media type and schema', () => {
    const body = JSON.stringify({ detail: 'Nicht gefunden.' });
    expect(checker.problemOf('getContent', 'GET', { status: 404, contentType: json, body })).toBeUndefined();
    expect(
      checker.problemOf('deleteContent', 'DELETE', { status: 204, contentType: undefined, body: '' }),
    ).toBe(undefined);
  });

  it('names an undeclared status, a wrong media type, a body where none belongs and a body off its schema', () => {
    expect(
      checker.problemOf('getCurrentUser', 'GET', { status: 404, contentType: json, body: '{}' }),
    ).toMatch(/^status 404 is not declared for getCurrentUser \(declared: 200, 400, 401, 415/);
    expect(
      checker.problemOf('getContent', 'GET', {
        status: 404,
        contentType: 'text/plain',
        body: 'Nicht gefunden',
      }),
    ).toBe('status 404 answered text/plain, the contract names application/json');
    expect(checker.problemOf('deleteContent', 'DELETE', { status: 204, contentType: json, body: '{}' })).toBe(
      'status 204 declares no body, but one was sent',
    );
    expect(
      checker.problemOf('getSiteInfo', 'GET', { status: 200, contentType: json, body: '{"imprint":{}}' }),
    ).toMatch(/^status 200 body does not fit its schema: .*must have required property/);
    expect(checker.problemOf('getSiteInfo', 'GET', { status: 200, contentType: json, body: '{' })).toBe(
      'status 200 answered a body that is no JSON',
    );
  });

  it('checks the formats the contract names', () => {
    const terms = (tosFile: string) => JSON.stringify({ tosFile, version: 1 });
    const answer = (body: string) => ({ status: 200, contentType: json, body });
    expect(checker.problemOf('getCurrentTos', 'GET', answer(terms('https://vr-portal.example/a.pdf')))).toBe(
      undefined,
    );
    expect(checker.problemOf('getCurrentTos', 'GET', answer(terms('kein uri')))).toBe(
      'status 200 body does not fit its schema: /tosFile must match format "uri"',
    );
  });
});

describe('the test servers check every answer', () => {
  let server: TestServer;
  // The same server code against a contract whose getSiteInfo demands a field the server never sends.
  let probed: FastifyInstance;
  const violations: ContractViolation[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    const contract = loadContract() as { components: { schemas: Record<string, { required?: string[] }> } };
    const siteInfo = contract.components.schemas.SiteInfo;
    if (!siteInfo) throw new Error('the contract has no SiteInfo schema');
    siteInfo.required = [...(siteInfo.required ?? []), 'matrixProbe'];
    ({ app: probed } = await createServer({
      dataDir: 'memory://',
      pgliteTemplate: await seededPgliteData(),
      databaseUrl: undefined,
      logLevel: 'silent',
      portalDist: '/nonexistent-portal-dist',
    }));
    installContractConformance(
      probed,
      (violation) => violations.push(violation),
      new ContractConformance(contract),
    );
    await probed.ready();
  });
  afterAll(async () => {
    await probed?.close();
    await server?.close();
  });

  it('a real server answers within the contract, and the hook records nothing', async () => {
    const response = await server.app.inject({ url: '/api/v1/site-info/' });
    expect(response.statusCode).toBe(200);
    expect(server.contractViolations).toEqual([]);
  });

  it('an answer the contract does not allow is recorded with operation, status and problem', async () => {
    const answered = await probed.inject({ url: '/api/v1/site-info/' });
    expect(answered.statusCode).toBe(200);
    const unknownParameter = await probed.inject({ url: '/api/v1/site-info/?x=1' });
    expect(unknownParameter.statusCode).toBe(400);
    expect(violations).toEqual([
      {
        operationId: 'getSiteInfo',
        method: 'GET',
        url: '/api/v1/site-info/',
        status: 200,
        problem: "status 200 body does not fit its schema: (body) must have required property 'matrixProbe'",
      },
    ]);
  });
});
