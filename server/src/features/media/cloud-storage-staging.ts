// Her large files on the Firebase home go straight from her browser to the bucket (docs/decisions/012): Cloud
// Functions refuses a request body over 32 MB, and buffers whatever it takes in the instance's memory, so a 200 MB
// video cannot come through the function. The server opens a resumable upload session for a staging object and hands
// her browser its address; the browser PUTs the bytes there; then the server reads the object back, processes it as
// it processes an upload request's file, and deletes it.
//
// Why a resumable session rather than a V4 signed URL: the session is opened by the server's own client with its own
// credentials, so nothing here signs (a signature needs a private key or the IAM signBlob permission, which the
// function's default account lacks, and the emulated home has no credentials at all), and the session binds what a
// signed URL would: X-Upload-Content-Type fixes the object's type and X-Upload-Content-Length its exact size (Cloud
// Storage refuses more bytes, and a session that stops short never becomes an object). The ifGenerationMatch=0
// precondition keeps a session from replacing an object. The address is a bearer capability for that one object for a
// week; it is handed only to her, over her session, and the object it makes is never served.
import type { Bucket } from '@google-cloud/storage';
import type { UploadStaging } from './media-files';

export const STAGING_PREFIX = 'media-staging/';

const isNotFound = (error: unknown) => (error as { code?: unknown }).code === 404;

export function createCloudStorageStaging(bucket: Bucket): UploadStaging {
  const object = (id: string) => bucket.file(`${STAGING_PREFIX}${id}`);
  return {
    async begin(id, { contentType, bytes, origin }) {
      const [url] = await object(id).createResumableUpload({
        // contentLength becomes X-Upload-Content-Length, contentType X-Upload-Content-Type (the client's createURI).
        metadata: { contentType, contentLength: bytes },
        preconditionOpts: { ifGenerationMatch: 0 },
        // Cloud Storage answers her page's cross-origin PUTs to the session only for the origin that opened it.
        ...(origin ? { origin } : {}),
      });
      return url;
    },

    async open(id) {
      try {
        const [meta] = await object(id).getMetadata();
        return { bytes: Number(meta.size), stream: object(id).createReadStream() };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async discard(id) {
      await object(id).delete({ ignoreNotFound: true });
    },
  };
}
