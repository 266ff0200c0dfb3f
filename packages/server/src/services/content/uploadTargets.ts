import type { components } from '@portal/api/schema';
import { mediaKeyOf, mediaUrl } from '../../infra/storage.ts';
import type { Caller, FileGrant } from '../access.ts';
import type { Services } from '../dependencies.ts';
import { ownedContent, setContentFile } from './contentWrite.ts';
import type { UploadLimits, UploadTarget } from './uploads.ts';

type Schemas = components['schemas'];

/** What a caller who may upload a target's file is allowed: the file's limits, and whom its URL is signed for. */
export interface UploadPermit {
  limits: UploadLimits;
  /** The grant of the finished file's URL in the answer to completing the upload. */
  grant: FileGrant;
}

/**
 * What the multipart upload flow (the same for content items and operating systems) needs of the thing a file is
 * uploaded for: who may upload it and within which limits, and how the finished file is set on it.
 */
export interface FileTarget {
  target: UploadTarget;
  /** Refuses callers who may not upload this target's file (404, 403); answers what they may. */
  requireUploader(): Promise<UploadPermit>;
  /** Sets the finished file (checking again in the transaction that writes); answers the file it replaces. */
  attach(file: string, size: number): Promise<string | null>;
}

/**
 * A content item's file: its owner organisation uploads it (spec §3), up to the limit of its content type, within
 * the owner's storage quota (the file it replaces is freed when the new one completes).
 */
export function contentFileTarget(
  { db, media }: Pick<Services, 'db' | 'media'>,
  caller: Caller,
  id: number,
): FileTarget {
  return {
    target: { kind: 'content', id },
    async requireUploader() {
      const content = await ownedContent(db, caller, id);
      return {
        limits: {
          maxBytes: media.maxBytes[content.contentType],
          quota: { organisationId: content.ownerId, replacesFileOf: id },
        },
        grant: { organisationId: content.ownerId },
      };
    },
    attach: (file, size) => setContentFile(db, caller, id, file, size),
  };
}

export async function startUpload(
  { uploads }: Pick<Services, 'uploads'>,
  caller: Caller,
  owner: FileTarget,
  request: Schemas['MultipartUploadStartRequest'],
) {
  const { limits } = await owner.requireUploader();
  return uploads.start(owner.target, request.file_name, request.file_size, caller.id, limits);
}

export async function uploadPartUrl(
  { uploads }: Pick<Services, 'uploads'>,
  owner: FileTarget,
  request: Schemas['UploadPartUrlRequest'],
) {
  await owner.requireUploader();
  return uploads.partUrl(owner.target, request.upload_id, request.file_name, request.part_number);
}

/**
 * Assembles the parts into the target's file; the file it replaces is deleted from the store. Answers the file's URL
 * signed for the uploader (the item may be private).
 */
export async function completeUpload(
  { uploads, storage, mediaLinks }: Pick<Services, 'uploads' | 'storage' | 'mediaLinks'>,
  owner: FileTarget,
  request: Schemas['CompleteMultipartUploadRequest'],
): Promise<Schemas['MultipartUploadResult']> {
  const { limits, grant } = await owner.requireUploader();
  const { key, size, checksum } = await uploads.complete(
    owner.target,
    request.upload_id,
    request.file_name,
    request.parts,
    limits,
    request.checksum,
  );
  const stored = mediaUrl(key);
  const previous = await owner.attach(stored, size);
  const previousKey = previous ? mediaKeyOf(previous) : null;
  if (previousKey && previousKey !== key) await storage.deleteFile(previousKey);
  const file = mediaLinks.link(stored, grant);
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
