/** Which file an upload belongs to; a stored upload is only resumed for the same file. */
export interface UploadFileIdentity {
  name: string;
  size: number;
  /** `File.lastModified`; 0 for a plain `Blob`. */
  lastModified: number;
}

/** A part the server has stored, with the ETag `complete-multipart-upload` needs. */
export interface FinishedPart {
  partNumber: number;
  etag: string;
}

/** What survives a page reload so an interrupted upload goes on without re-sending finished parts. JSON-safe. */
export interface UploadResumeState {
  version: 1;
  uploadId: string;
  /** The name the server answered with; every later call sends this one. */
  fileName: string;
  partSize: number;
  maxParts: number;
  /** ISO date-time after which the server has dropped the upload. */
  expiresAt: string;
  file: UploadFileIdentity;
  parts: FinishedPart[];
}

/**
 * Where resume state is kept. Methods may be sync or async. `createLocalStorageResumeStore` keeps it across page
 * reloads; `createMemoryResumeStore` suits tests and Node callers.
 */
export interface UploadResumeStore {
  load(key: string): UploadResumeState | null | Promise<UploadResumeState | null>;
  save(key: string, state: UploadResumeState): void | Promise<void>;
  remove(key: string): void | Promise<void>;
}

/** The part of the Web Storage API the store uses, so any Storage (or a fake) fits. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Checks stored JSON before trusting it: the value may come from an older build or a hand-edited
 * localStorage, and a wrong part size would assemble a corrupt file.
 */
export function parseResumeState(value: unknown): UploadResumeState | null {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.file) || !Array.isArray(value.parts)) {
    return null;
  }
  const { uploadId, fileName, partSize, maxParts, expiresAt, file, parts } = value;
  if (
    typeof uploadId !== 'string' ||
    uploadId === '' ||
    typeof fileName !== 'string' ||
    !isCount(partSize) ||
    partSize < 1 ||
    !isCount(maxParts) ||
    typeof expiresAt !== 'string' ||
    typeof file.name !== 'string' ||
    !isCount(file.size) ||
    typeof file.lastModified !== 'number'
  ) {
    return null;
  }
  const finished: FinishedPart[] = [];
  for (const part of parts) {
    if (!isRecord(part) || !isCount(part.partNumber) || typeof part.etag !== 'string' || part.etag === '') {
      return null;
    }
    finished.push({ partNumber: part.partNumber, etag: part.etag });
  }
  return {
    version: 1,
    uploadId,
    fileName,
    partSize,
    maxParts,
    expiresAt,
    file: { name: file.name, size: file.size, lastModified: file.lastModified },
    parts: finished,
  };
}

/**
 * Resume state in Web Storage under `prefix + key` (the portal passes 'vr-portal.upload.', so logout's sweep of
 * 'vr-portal.' keys clears it too). The storage is looked up on each call, never at import, so the module loads
 * in Node and during server-side rendering. Storage failures (private mode, quota) only cost the ability to
 * resume, so they are swallowed rather than failing the upload.
 *
 * @example const resumeStore = createLocalStorageResumeStore('vr-portal.upload.');
 */
export function createLocalStorageResumeStore(prefix: string, storage?: KeyValueStorage): UploadResumeStore {
  const safely = <T>(action: (target: KeyValueStorage) => T, fallback: T): T => {
    try {
      // Even reading `localStorage` can throw (blocked cookies), hence inside the try.
      const target: KeyValueStorage | undefined = storage ?? globalThis.localStorage;
      return target ? action(target) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    load: (key) =>
      safely((target) => {
        const raw = target.getItem(prefix + key);
        return raw === null ? null : parseResumeState(JSON.parse(raw));
      }, null),
    save: (key, state) => safely((target) => target.setItem(prefix + key, JSON.stringify(state)), undefined),
    remove: (key) => safely((target) => target.removeItem(prefix + key), undefined),
  };
}

/** Resume state in a Map: survives a failed attempt within one process, not a reload. */
export function createMemoryResumeStore(): UploadResumeStore & {
  readonly entries: Map<string, UploadResumeState>;
} {
  const entries = new Map<string, UploadResumeState>();
  return {
    entries,
    load: (key) => structuredClone(entries.get(key) ?? null),
    save: (key, state) => {
      entries.set(key, structuredClone(state));
    },
    remove: (key) => {
      entries.delete(key);
    },
  };
}
