import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITE, readSiteSettings } from '../config.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

/**
 * getSiteInfo: the imprint (/impressum) and the support contact (/support) come from the server's configuration,
 * anonymous, with the demo operator until IMPRINT_* and SUPPORT_* name the real one.
 */

describe('getSiteInfo with the demo values (npm start)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ config: { site: readSiteSettings({}) } });
  });
  afterAll(() => server?.close());

  it('answers every visitor, signed in or not, with the demo imprint and support contact', async () => {
    const anonymous = await server.app.inject({ url: '/api/v1/site-info/' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(DEMO_SITE);
    expect(anonymous.json().imprint.name).toContain('Beispielangaben');
    expect(anonymous.json().support.email).toBe('support@vr-portal.example');

    // Even before the terms are accepted: the imprint is public.
    const neu = await login(server.app, 'neu@schule.example');
    const signedIn = await server.app.inject({ url: '/api/v1/site-info/', headers: bearer(neu.access) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(DEMO_SITE);
  });
});

describe('getSiteInfo with a configured operator', () => {
  let server: TestServer;
  beforeAll(async () => {
    const site = readSiteSettings({
      IMPRINT_NAME: 'Kreismedienzentrum Musterkreis',
      IMPRINT_ADDRESS: 'Am Markt 3; 12345 Musterstadt',
      IMPRINT_EMAIL: 'info@kmz-musterkreis.example',
      IMPRINT_VAT_ID: 'DE123456789',
      SUPPORT_EMAIL: 'hilfe@kmz-musterkreis.example',
      SUPPORT_HOURS: 'Dienstag und Donnerstag, 9 bis 12 Uhr',
    });
    server = await createTestServer({ config: { site } });
  });
  afterAll(() => server?.close());

  it('answers what is configured, and null for lines that are not', async () => {
    const response = await server.app.inject({ url: '/api/v1/site-info/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      imprint: {
        name: 'Kreismedienzentrum Musterkreis',
        addressLines: ['Am Markt 3', '12345 Musterstadt'],
        representative: null,
        email: 'info@kmz-musterkreis.example',
        phone: null,
        register: null,
        vatId: 'DE123456789',
        contentResponsible: null,
      },
      support: {
        email: 'hilfe@kmz-musterkreis.example',
        phone: null,
        hours: 'Dienstag und Donnerstag, 9 bis 12 Uhr',
      },
    });
  });
});

describe('readSiteSettings', () => {
  it('refuses an imprint without address or e-mail, and addresses that are none', () => {
    expect(() => readSiteSettings({ IMPRINT_NAME: 'Schule', IMPRINT_EMAIL: 'a@schule.example' })).toThrow(
      /IMPRINT_ADDRESS/,
    );
    expect(() => readSiteSettings({ IMPRINT_NAME: 'Schule', IMPRINT_ADDRESS: 'Weg 1; 1 Ort' })).toThrow(
      /IMPRINT_EMAIL must be an e-mail address/,
    );
    expect(() => readSiteSettings({ SUPPORT_EMAIL: 'support at schule' })).toThrow(
      /SUPPORT_EMAIL must be an e-mail address/,
    );
  });

  it('keeps the demo support contact when only the imprint is configured, and the other way round', () => {
    const imprintOnly = readSiteSettings({
      IMPRINT_NAME: 'Schule',
      IMPRINT_ADDRESS: 'Weg 1; 1 Ort',
      IMPRINT_EMAIL: 'a@schule.example',
    });
    expect(imprintOnly.support).toEqual(DEMO_SITE.support);
    expect(imprintOnly.imprint.name).toBe('Schule');
    const supportOnly = readSiteSettings({ SUPPORT_EMAIL: ' hilfe@schule.example ', SUPPORT_PHONE: ' ' });
    expect(supportOnly.imprint).toEqual(DEMO_SITE.imprint);
    expect(supportOnly.support).toEqual({ email: 'hilfe@schule.example', phone: null, hours: null });
  });
});
