import type { components } from '@portal/api/schema';
import type { Caller } from './access.ts';
import { ownedContent, setContentFile } from './contentWrite.ts';
import type { Services } from './dependencies.ts';
import { requireOperatingSystemManager, setOperatingSystemFile } from './operatingSystems.ts';
import type { UploadTarget } from './uploads.ts';

type Schemas = components['schemas'];

/**
 * What the multipart upload flow (the same for content items and operating systems) needs of the thing a file is
 * uploaded for: who may upload it, and how the finished file is set on it.
 */
export interface FileTarget {
  target: UploadTarget;
  /** Refuses callers who may not upload this target's file (404, 403). */
  requireUploader(): Promise<void>;
  /** Sets the finished file (checking again in the transaction that writes); answers the file it replaces. */
  attach(file: string, size: number): Promise<string | null>;
}

/** A content item's file: its owner organisation uploads it (spec §3). */
export function contentFileTarget({ db }: Pick<Services, 'db'>, caller: Caller, id: number): FileTarget {
  return {
    target: { kind: 'content', id },
    async requireUploader() {
      await ownedContent(db, caller, id);
    },
    attach: (file, size) => setContentFile(db, caller, id, file, size),
  };
}

/** An operating system's image: portal staff upload it. */
export function operatingSystemFileTarget(
  { db }: Pick<Services, 'db'>,
  caller: Caller,
  id: number,
): FileTarget {
  return {
    target: { kind: 'operatingSystem', id },
    requireUploader: () => requireOperatingSystemManager(db, caller, id),
    attach: (file, size) => setOperatingSystemFile(db, caller, id, file, size),
  };
}

export async function startUpload(
  { uploads }: Pick<Services, 'uploads'>,
  caller: Caller,
  owner: FileTarget,
  request: Schemas['MultipartUploadStartRequest'],
) {
  await owner.requireUploader();
  return uploads.start(owner.target, request.file_name, request.file_size, caller.id);
}

export async function uploadPartUrl(
  { uploads }: Pick<Services, 'uploads'>,
  owner: FileTarget,
  request: Schemas['UploadPartUrlRequest'],
) {
  await owner.requireUploader();
  return uploads.partUrl(owner.target, request.upload_id, request.file_name, request.part_number);
}

/** Assembles the parts into the target's file; the file it replaces is deleted from the store. */
export async function completeUpload(
  { uploads, storage }: Pick<Services, 'uploads' | 'storage'>,
  owner: FileTarget,
  request: Schemas['CompleteMultipartUploadRequest'],
): Promise<Schemas['MultipartUploadResult']> {
  await owner.requireUploader();
  const { key, size, checksum } = await uploads.complete(
    owner.target,
    request.upload_id,
    request.file_name,
    request.parts,
    request.checksum,
  );
  const file = storage.url(key);
  const previous = await owner.attach(file, size);
  const previousKey = previous ? storage.keyOf(previous) : null;
  if (previousKey && previousKey !== key) await storage.deleteFile(previousKey);
  return checksum ? { file, fileSize: size, checksum } : { file, fileSize: size };
}

export async function abortUpload(
  { uploads }: Pick<Services, 'uploads'>,
  owner: FileTarget,
  request: Schemas['AbortMultipartUploadRequest'],
): Promise<void> {
  await owner.requireUploader();
  await uploads.abort(owner.target, request.upload_id, request.file_name);
}
