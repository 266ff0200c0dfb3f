import type { PortalClient } from '../client.ts';
import type { components } from '../schema';

type Schemas = components['schemas'];
export type MultipartUploadStart = Schemas['MultipartUploadStart'];
export type MultipartUploadStartRequest = Schemas['MultipartUploadStartRequest'];
export type UploadPartUrl = Schemas['UploadPartUrl'];
export type UploadPartUrlRequest = Schemas['UploadPartUrlRequest'];
export type UploadedPart = Schemas['UploadedPart'];
export type CompleteMultipartUploadRequest = Schemas['CompleteMultipartUploadRequest'];
export type AbortMultipartUploadRequest = Schemas['AbortMultipartUploadRequest'];
export type MultipartUploadResult = Schemas['MultipartUploadResult'];

/** What the file belongs to: a content item's file or an operating system image. */
export type UploadTarget = { kind: 'content'; id: number } | { kind: 'operatingSystem'; id: number };

/** Key of a target's resume state; one unfinished upload per content item or operating system. */
export const resumeKey = (target: UploadTarget): string => `${target.kind}.${target.id}`;

/** The answer of one JSON call, reduced to what the engine decides on. */
export type CallResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; detail: string | undefined; body: unknown };

/** The four JSON calls of the multipart flow for one target; the two targets differ only in their paths. */
export interface MultipartEndpoints {
  start(body: MultipartUploadStartRequest, signal?: AbortSignal): Promise<CallResult<MultipartUploadStart>>;
  partUrl(body: UploadPartUrlRequest, signal?: AbortSignal): Promise<CallResult<UploadPartUrl>>;
  complete(
    body: CompleteMultipartUploadRequest,
    signal?: AbortSignal,
  ): Promise<CallResult<MultipartUploadResult>>;
  abort(body: AbortMultipartUploadRequest, signal?: AbortSignal): Promise<CallResult<undefined>>;
}

interface RawResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function toResult<T>({ data, error, response }: RawResult<T>): CallResult<T> {
  if (response.ok) {
    return { ok: true, data: data as T };
  }
  const detail =
    typeof error === 'object' && error !== null && 'detail' in error && typeof error.detail === 'string'
      ? error.detail
      : undefined;
  return { ok: false, status: response.status, detail, body: error };
}

/** The four calls' paths per target; content and operating system images share the flow, not the addresses. */
const MULTIPART_PATHS = {
  content: {
    start: '/api/v1/cms/content/{id}/pre-signed-url-content-multipart/',
    partUrl: '/api/v1/cms/content/{id}/upload-part-url/',
    complete: '/api/v1/cms/content/{id}/complete-multipart-upload/',
    abort: '/api/v1/cms/content/{id}/abort-multipart-upload/',
  },
  operatingSystem: {
    start: '/api/v1/support/operating-systems/{id}/pre-signed-url-os-multipart/',
    partUrl: '/api/v1/support/operating-systems/{id}/upload-part-url/',
    complete: '/api/v1/support/operating-systems/{id}/complete-multipart-upload/',
    abort: '/api/v1/support/operating-systems/{id}/abort-multipart-upload/',
  },
} as const;

/**
 * Binds the multipart calls of `target` to the portal client (bearer token and the other middleware apply).
 * Network failures and aborts reject, as openapi-fetch does.
 */
export function multipartEndpoints(client: PortalClient, target: UploadTarget): MultipartEndpoints {
  const paths = MULTIPART_PATHS[target.kind];
  const params = { path: { id: target.id } };
  return {
    start: async (body, signal) => toResult(await client.POST(paths.start, { params, body, signal })),
    partUrl: async (body, signal) => toResult(await client.POST(paths.partUrl, { params, body, signal })),
    complete: async (body, signal) => toResult(await client.POST(paths.complete, { params, body, signal })),
    abort: async (body, signal) =>
      toResult<undefined>(await client.POST(paths.abort, { params, body, signal })),
  };
}
