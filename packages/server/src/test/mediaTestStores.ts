// Test support only: the two media stores, so the same upload tests run against local disk and a real S3 server.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { S3_MIN_PART_SIZE, S3_VARIABLES } from '../config.ts';
import { type S3TestServer, startS3TestServer } from './s3TestServer.ts';

export interface UploadIds {
  /** Our upload id. */
  id: string;
  /** The store's own id (S3 UploadId), from the database. */
  storageUploadId: string | null;
}

export interface TestStore {
  name: string;
  /** UPLOAD_PART_SIZE for the tests: small on disk, S3's minimum with S3. */
  partSize: number;
  /** Starts the store; answers the variables that point the portal server at it. */
  start(): Promise<Record<string, string>>;
  /** Whether the store still holds parts of this upload. */
  holdsUpload(upload: UploadIds): boolean;
  /** How many unfinished uploads the store holds. */
  unfinishedCount(): number;
  /** A stored file's bytes, read from the store itself (not through the portal server); null when missing. */
  file(key: string): Promise<Buffer | null>;
  /** Keys of all stored files. */
  fileKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

export function localTestStore(partSize = 1024): TestStore {
  let root = '';
  const incoming = () => join(root, 'incoming');
  return {
    name: 'local disk',
    partSize,
    async start() {
      root = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
      return { UPLOAD_DIR: root };
    },
    holdsUpload: (upload) => existsSync(join(incoming(), `${upload.id}.upload`)),
    unfinishedCount: () => (existsSync(incoming()) ? readdirSync(incoming()).length : 0),
    async file(key) {
      const path = join(root, 'files', key);
      return existsSync(path) ? readFileSync(path) : null;
    },
    fileKeys: async () => listFiles(join(root, 'files')),
    async stop() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export function s3TestStore(): TestStore {
  let s3: S3TestServer | undefined;
  const server = () => {
    if (!s3) throw new Error('S3 test store not started');
    return s3;
  };
  return {
    name: 'S3 (s3rver)',
    partSize: S3_MIN_PART_SIZE,
    async start() {
      s3 = await startS3TestServer();
      return s3.env;
    },
    holdsUpload: (upload) =>
      upload.storageUploadId !== null && server().hasMultipartUpload(upload.storageUploadId),
    unfinishedCount: () => server().multipartUploadCount(),
    file: (key) => server().object(key),
    fileKeys: () => server().objectKeys(),
    async stop() {
      await s3?.close();
    },
  };
}

/** Every variable the stores or the upload tests set, to restore the environment afterwards. */
export const MEDIA_TEST_VARIABLES = [
  'UPLOAD_DIR',
  'UPLOAD_PART_SIZE',
  'MAX_APP_BYTES',
  'MAX_VIDEO_BYTES',
  'MAX_WEB_APP_BYTES',
  'MAX_PREVIEW_BYTES',
  'MAX_DOCUMENT_BYTES',
  'MAX_OS_IMAGE_BYTES',
  'STORAGE_QUOTA_BYTES',
  ...S3_VARIABLES,
] as const;
