import { type Operations, ok } from '../http/operation.ts';
import { parseContentDigest } from '../services/content/index.ts';

/** The signed part URLs of the multipart flow: no bearer token, the URL's HMAC signature authorises (tag `uploads`). */
export const uploadOperations = {
  async uploadPart({ params, query, http }, { uploads }) {
    await uploads.verify(params.uploadId, params.partNumber, query.expires, query.signature);
    const digest = parseContentDigest(http.headers['content-digest']);
    const length = http.headers['content-length'];
    const part = await uploads.storePart(
      params.uploadId,
      params.partNumber,
      http.raw,
      length === undefined ? undefined : Number(length),
      digest,
    );
    return { ...ok(part), headers: { etag: part.etag } };
  },
} satisfies Operations;
