import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMediaConfig, readS3Config } from '../config.ts';
import { MESSAGES } from '../messages.ts';
import { MEDIA_TEST_VARIABLES } from '../test/mediaTestStores.ts';
import { type S3TestServer, startS3TestServer } from '../test/s3TestServer.ts';
import { bearer, createTestServer, login } from '../test/testServer.ts';
import { S3Client } from './s3.ts';

const S3_ENV = {
  S3_BUCKET: 'medien',
  S3_ACCESS_KEY_ID: 'AKID',
  S3_SECRET_ACCESS_KEY: 'geheim',
};

describe('S3 configuration from the environment', () => {
  it('is off without S3_BUCKET, and AWS in us-east-1 with virtual-hosted URLs by default', () => {
    expect(readS3Config({})).toBeUndefined();
    expect(readS3Config(S3_ENV)).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      bucket: 'medien',
      region: 'us-east-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'geheim',
      forcePathStyle: false,
    });
    expect(
      readS3Config({
        ...S3_ENV,
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: true });
  });

  it('refuses half configurations instead of silently storing on local disk', () => {
    expect(() => readS3Config({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      'S3_ENDPOINT set but S3_BUCKET is missing',
    );
    expect(() => readS3Config({ S3_BUCKET: 'medien' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(() => readS3Config({ ...S3_ENV, S3_ENDPOINT: 'ftp://host' })).toThrow('http(s) URL');
    expect(() => readS3Config({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'ja' })).toThrow('S3_FORCE_PATH_STYLE');
  });

  it('needs parts of at least 5 MiB with S3, since S3 refuses smaller ones', () => {
    expect(() => readMediaConfig({ ...S3_ENV, UPLOAD_PART_SIZE: String(5 * 1024 ** 2 - 1) })).toThrow(
      'UPLOAD_PART_SIZE must be at least 5242880',
    );
    expect(readMediaConfig({ ...S3_ENV }).partSize).toBe(16 * 1024 ** 2);
    expect(readMediaConfig({ UPLOAD_PART_SIZE: '1024' }).s3).toBeUndefined();
  });

  it('addresses objects virtual-hosted or, with S3_FORCE_PATH_STYLE, by path', () => {
    const config = readS3Config({ ...S3_ENV, S3_ENDPOINT: 'https://s3.example:8443' });
    if (!config) throw new Error('no S3 config');
    const key = 'content/7/lw1-rundgang_360.mp4';
    expect(new S3Client(config).objectUrl(key, { partNumber: '2', uploadId: 'a~b' }).href).toBe(
      'https://medien.s3.example:8443/content/7/lw1-rundgang_360.mp4?partNumber=2&uploadId=a%7Eb',
    );
    expect(new S3Client({ ...config, forcePathStyle: true }).objectUrl(key).href).toBe(
      'https://s3.example:8443/medien/content/7/lw1-rundgang_360.mp4',
    );
  });
});

describe('a failing S3 store', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(async () => {
    await s3.close();
    for (const name of MEDIA_TEST_VARIABLES) delete process.env[name];
  });

  /** Starts an upload on a fresh server configured with `env`; answers the HTTP answer. */
  async function startUpload(env: Record<string, string>) {
    Object.assign(process.env, env);
    const server = await createTestServer();
    try {
      const { access } = await login(server.app, 'lehrer@schule.example');
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/v1/cms/content/',
        headers: bearer(access),
        payload: { title: 'Speicher', contentType: 'video' },
      });
      return await server.app.inject({
        method: 'POST',
        url: `/api/v1/cms/content/${created.json().id}/pre-signed-url-content-multipart/`,
        headers: bearer(access),
        payload: { file_name: 'film.mp4' },
      });
    } finally {
      await server.close();
    }
  }

  // Each case builds its own app (the store comes from the environment), which takes a while on a busy machine.
  const SLOW = 60_000;

  it(
    'answers 503 with a German detail when the store refuses our signature (wrong secret)',
    async () => {
      const response = await startUpload({ ...s3.env, S3_SECRET_ACCESS_KEY: 'falsch' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: MESSAGES.files.storageUnavailable });
    },
    SLOW,
  );

  it(
    'passes the same signature check with the right secret',
    async () => {
      expect((await startUpload(s3.env)).statusCode).toBe(201);
    },
    SLOW,
  );

  it(
    'answers 503 with a German detail when the store cannot be reached',
    async () => {
      // A port that was free a moment ago: nothing listens there.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const response = await startUpload({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: MESSAGES.files.storageUnavailable });
    },
    SLOW,
  );
});
