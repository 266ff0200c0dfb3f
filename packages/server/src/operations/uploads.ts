import type { AppContext, HandlerMap } from '../context.ts';
import { mediaFor } from '../services/media.ts';
import { parseContentDigest } from '../services/uploads.ts';

interface PartParams {
  uploadId: string;
  partNumber: number;
}
interface PartQuery {
  expires: number;
  signature: string;
}

/** The signed part URLs of the multipart flow: no bearer token, the URL's HMAC signature authorises. */
export function uploadHandlers(context: AppContext): HandlerMap {
  const { uploads } = mediaFor(context);
  return {
    async uploadPart(request, reply) {
      const { uploadId, partNumber } = request.params as PartParams;
      const { expires, signature } = request.query as PartQuery;
      await uploads.verify(uploadId, partNumber, expires, signature);
      const digest = parseContentDigest(request.headers['content-digest']);
      const length = request.headers['content-length'];
      const part = await uploads.storePart(
        uploadId,
        partNumber,
        request.raw,
        length === undefined ? undefined : Number(length),
        digest,
      );
      return reply.header('ETag', part.etag).send(part);
    },
  };
}
