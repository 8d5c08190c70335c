// The admin's uploads under /api/admin/media (server/README.md, media). Registered in the admin scope, so the admin
// guard and the CSRF check have run on request, before a byte of the body is read: a visitor's 60 MB costs nothing.
//
// The multipart body is parsed here (@fastify/multipart, in this scope only; no other route accepts multipart) in the
// upload route's preValidation hook, which streams each file to a temporary file as it arrives (receive-file.ts),
// judging it by its first bytes and counting its size: past the limit for what it turned out to be, or once it is
// known to be something the site does not take, the rest is read and dropped rather than written. The hook hands the route's body schema the text fields
// and a description of each file, so a missing alt text is a field error like any other. Temporary files are removed
// when the answer has gone (or the client went away), whatever happened; the store moves away those it keeps.
import fastifyMultipart, { type MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import {
  apiErrorSchema,
  mediaIdParamsSchema,
  mediaItemSchema,
  mediaUploadFieldsSchema,
  z,
} from '@studio/shared/schemas';
import { HttpError, MALFORMED_REQUEST } from '../../platform/http/errors';
import { UploadRefused, type MediaStore, type ReceivedFile } from './media-store';
import { receive } from './receive-file';
import { refusals } from '../../platform/http/refusals';
import stagedMediaRoutes from './staged-media.routes';

export interface AdminMediaOptions {
  store: MediaStore;
}

/** The form's own fields beside the files: a few bytes of text each. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The largest request: a video, its poster and the fields. A Content-Length above it is refused unread. */
export const MAX_UPLOAD_REQUEST_BYTES = MEDIA_LIMITS.videoBytes + MEDIA_LIMITS.imageBytes + FORM_OVERHEAD_BYTES;

const FILE_FIELDS = new Set(['file', 'poster']);

const MULTIPART_LIMITS = {
  fieldNameSize: 32,
  fieldSize: 4096,
  fields: 4,
  files: 2,
  parts: 6,
  headerPairs: 50,
  // Busboy stops counting here; the stream below applies the limit of what the file turns out to be.
  fileSize: MEDIA_LIMITS.videoBytes + 1,
};

const isReceivedFile = (value: unknown): value is ReceivedFile =>
  typeof value === 'object' && value !== null && 'path' in value && 'sniffed' in value && 'bytes' in value;

const receivedFile = z.custom<ReceivedFile>(isReceivedFile, { message: MEDIA_MESSAGES.noFile });

/** The body the hook below builds: the shared upload fields, the file and a video's optional poster. */
const uploadBodySchema = mediaUploadFieldsSchema.extend({
  file: receivedFile,
  poster: receivedFile.optional(),
});

/** What the multipart parser's own refusals mean to the admin. */
function multipartRefusal(error: unknown): HttpError | undefined {
  const code = (error as { code?: string }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(400, MEDIA_MESSAGES.tooManyParts);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, MEDIA_MESSAGES.notMultipart);
  if (code === 'FST_PROTO_VIOLATION') return new HttpError(400, MALFORMED_REQUEST);
  if (error instanceof Error && /Unexpected end of (form|multipart data)|Malformed/i.test(error.message))
    return new HttpError(400, MALFORMED_REQUEST);
  return undefined;
}

const adminMediaRoutes: FastifyPluginAsyncZod<AdminMediaOptions> = async (app, { store }) => {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });

  // Every temporary file a request streamed to, removed once its answer is sent or its client is gone.
  const tmpFiles = new WeakMap<FastifyRequest, string[]>();
  const removeTmpFiles = (request: FastifyRequest) => {
    for (const file of tmpFiles.get(request) ?? []) rmSync(file, { force: true });
    tmpFiles.delete(request);
  };
  app.addHook('onResponse', async (request) => removeTmpFiles(request));
  app.addHook('onRequestAbort', async (request) => removeTmpFiles(request));

  const readUpload = async (request: FastifyRequest) => {
    if (request.method !== 'POST') return;
    if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_REQUEST_BYTES)
      throw new HttpError(413, MEDIA_MESSAGES.requestTooLarge, { file: [MEDIA_MESSAGES.requestTooLarge] });
    if (!request.isMultipart()) throw new HttpError(415, MEDIA_MESSAGES.notMultipart);
    const files: string[] = [];
    tmpFiles.set(request, files);
    const body: Record<string, unknown> = {};
    let refusal: HttpError | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          body[part.fieldname] = (part as MultipartValue).value;
          continue;
        }
        if (!FILE_FIELDS.has(part.fieldname) || part.fieldname in body) {
          // An unexpected or repeated file: read past it, then refuse the request.
          part.file.resume();
          await new Promise((resolve) => part.file.once('close', resolve));
          refusal ??= new HttpError(400, MEDIA_MESSAGES.tooManyParts);
          continue;
        }
        const target = path.join(store.tmpDir, `${randomUUID()}.upload`);
        files.push(target);
        const received = await receive(part.file, target, () => part.file.truncated);
        if ('refusal' in received) {
          rmSync(target, { force: true });
          const { status } = received.refusal;
          const message =
            part.fieldname === 'poster' && status === 415 ? MEDIA_MESSAGES.posterNotImage : received.refusal.message;
          refusal ??= new HttpError(status, message, { [part.fieldname]: [message] });
        } else if (part.fieldname === 'poster' && received.file.sniffed.kind !== 'image') {
          refusal ??= new HttpError(415, MEDIA_MESSAGES.posterNotImage, { poster: [MEDIA_MESSAGES.posterNotImage] });
        } else {
          body[part.fieldname] = received.file;
        }
      }
    } catch (error) {
      removeTmpFiles(request);
      throw multipartRefusal(error) ?? error;
    }
    if (refusal) throw refusal;
    request.body = body;
  };
  // Her files sent straight to the bucket (the Firebase home) come in JSON requests of their own, which this parsing
  // would refuse: it runs on the multipart route alone.
  await app.register(stagedMediaRoutes, { store });

  app.post(
    '/media',
    {
      preValidation: readUpload,
      schema: {
        body: uploadBodySchema,
        response: { 201: mediaItemSchema, 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { file, poster, alt, section } = request.body;
      if (poster && file.sniffed.kind !== 'video')
        throw new HttpError(400, MEDIA_MESSAGES.posterForImage, { poster: [MEDIA_MESSAGES.posterForImage] });
      try {
        const item = await store.add({ file, poster, alt, section });
        return await reply.code(201).send(item);
      } catch (error) {
        if (error instanceof UploadRefused)
          throw new HttpError(error.status, error.message, { [error.field]: [error.message] });
        throw error;
      }
    },
  );

  app.delete(
    '/media/:id',
    { schema: { params: mediaIdParamsSchema, response: { 204: z.null(), 404: apiErrorSchema, ...refusals } } },
    async (request, reply) => {
      if (!(await store.remove(request.params.id))) throw new HttpError(404, MEDIA_MESSAGES.notFound);
      return reply.code(204).send(null);
    },
  );
};

export default adminMediaRoutes;
