// Her files sent straight to storage (docs/decisions/012; server/README.md, media), under the same admin scope as the
// upload request (admin-media.routes.ts registers this), so the admin guard and the CSRF check have run first:
//
//   POST /api/admin/media/uploads        { contentType, bytes } -> 201 { id, url }: the file is judged by what it
//                                        declares, by the upload's own limits, and only then is an upload session
//                                        opened for it (a refusal opens nothing); the browser PUTs the bytes to url
//   POST /api/admin/media/uploads/:id    { alt, section } -> 201 the media item: the staged bytes are read back,
//                                        sniffed and held to their kind's limit as an upload request's file is, then
//                                        processed by the same store; the staged object is deleted whatever happens
//
// Only where the media files have staging (Cloud Storage, the Firebase home); on disk both answer 404, and her
// browser sends the file in the upload request as before.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { MediaItem } from '@studio/shared/domain';
import { declaredFileRefusal, MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import {
  apiErrorSchema,
  mediaIdParamsSchema,
  mediaItemSchema,
  mediaUploadFieldsSchema,
  stagedUploadRequestSchema,
  stagedUploadSchema,
} from '@studio/shared/schemas';
import { HttpError } from '../../platform/http/errors';
import { refusals } from '../../platform/http/refusals';
import { UploadRefused, type MediaStore } from './media-store';
import { receive } from './receive-file';

export interface StagedMediaOptions {
  store: MediaStore;
}

/** What either route may refuse with: a field error, no staging here or no staged file, too large, not media. */
const REFUSED = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  ...refusals,
};

const notHere = () => new HttpError(404, MEDIA_MESSAGES.stagedNotHere);

const stagedMediaRoutes: FastifyPluginAsyncZod<StagedMediaOptions> = async (app, { store }) => {
  app.post(
    '/media/uploads',
    {
      schema: {
        body: stagedUploadRequestSchema,
        response: { 201: stagedUploadSchema, ...REFUSED },
      },
    },
    async (request, reply) => {
      const staging = store.staging;
      if (!staging) throw notHere();
      const { contentType, bytes } = request.body;
      const refusal = declaredFileRefusal(contentType, bytes);
      if (refusal) throw new HttpError(refusal.status, refusal.message, { file: [refusal.message] });
      const id = randomUUID();
      const url = await staging.begin(id, {
        contentType: contentType.split(';')[0]?.trim().toLowerCase() ?? contentType,
        bytes,
        ...(request.headers.origin ? { origin: request.headers.origin } : {}),
      });
      return reply.code(201).send({ id, url });
    },
  );

  app.post(
    '/media/uploads/:id',
    {
      schema: {
        params: mediaIdParamsSchema,
        body: mediaUploadFieldsSchema,
        // 422: a file the processing refuses (a picture too large to decode, a video ffmpeg cannot read).
        response: { 201: mediaItemSchema, 422: apiErrorSchema, ...REFUSED },
      },
    },
    async (request, reply) => {
      const staging = store.staging;
      if (!staging) throw notHere();
      const { id } = request.params;
      const target = path.join(store.tmpDir, `${randomUUID()}.upload`);
      let item: MediaItem;
      try {
        const staged = await staging.open(id);
        if (!staged) throw new HttpError(404, MEDIA_MESSAGES.stagedMissing, { file: [MEDIA_MESSAGES.stagedMissing] });
        // The session held it to the size she declared, which was judged already; a larger object is not read.
        if (staged.bytes > MEDIA_LIMITS.videoBytes) {
          staged.stream.destroy();
          throw new HttpError(413, MEDIA_MESSAGES.requestTooLarge, { file: [MEDIA_MESSAGES.requestTooLarge] });
        }
        const received = await receive(staged.stream, target);
        if ('refusal' in received) {
          const { status, message } = received.refusal;
          throw new HttpError(status, message, { file: [message] });
        }
        const { alt, section } = request.body;
        item = await store.add({ file: received.file, alt, section });
      } catch (error) {
        if (error instanceof UploadRefused)
          throw new HttpError(error.status, error.message, { [error.field]: [error.message] });
        throw error;
      } finally {
        rmSync(target, { force: true });
        // Processed or refused, the staged bytes have served their purpose: no object is left that no row names.
        await staging.discard(id).catch((error: unknown) => {
          request.log.error({ err: error, id }, 'a staged upload could not be deleted; the sweep will');
        });
      }
      // Answered once the staged object is gone, so what she sees next is the bucket as it stays.
      return reply.code(201).send(item);
    },
  );
};

export default stagedMediaRoutes;
