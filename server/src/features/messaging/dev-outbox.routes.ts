// GET /api/dev/outbox: the mails and SMS kept in the local outbox, newest first (docs/architecture.md). Registered only
// for a local site (features/messaging/dev-outbox-policy.ts), and answered only to a browser on this machine, judged by the socket,
// never a forwarding header, and never through a proxy: the outbox holds live sign-in links.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, outboxMessageSchema, z } from '@studio/shared/schemas';
import type { OutboxStore } from './outbox-store';
import { HttpError } from '../../platform/http/errors';
import { isLocalBrowser } from './dev-outbox-policy';
import { refusals } from '../../platform/http/refusals';

export const OUTBOX_LOCAL_ONLY = 'The outbox is readable only from this machine.';
/** How many of the newest messages the outbox shows. */
const OUTBOX_LIST_LIMIT = 100;

const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxStore }> = async (app, { outbox }) => {
  app.get(
    '/api/dev/outbox',
    { schema: { response: { 200: z.array(outboxMessageSchema), 403: apiErrorSchema, ...refusals } } },
    async (request) => {
      if (!isLocalBrowser(request.raw.socket.remoteAddress, request.headers))
        throw new HttpError(403, OUTBOX_LOCAL_ONLY);
      return outbox.list(OUTBOX_LIST_LIMIT);
    },
  );

  // The files a mail carried (such as the signed contract's PDF), listed and read one at a time.
  const attachmentParams = z.strictObject({ id: z.coerce.number().int().min(1) });
  app.get(
    '/api/dev/outbox/:id/attachments',
    {
      schema: {
        params: attachmentParams,
        response: {
          200: z.array(z.strictObject({ filename: z.string(), contentType: z.string(), size: z.number() })),
          403: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) => {
      if (!isLocalBrowser(request.raw.socket.remoteAddress, request.headers))
        throw new HttpError(403, OUTBOX_LOCAL_ONLY);
      return outbox.attachments(request.params.id);
    },
  );
  app.get(
    '/api/dev/outbox/:id/attachments/:position',
    {
      schema: {
        params: attachmentParams.extend({ position: z.coerce.number().int().min(0) }),
        response: { 200: z.any(), 403: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      if (!isLocalBrowser(request.raw.socket.remoteAddress, request.headers))
        throw new HttpError(403, OUTBOX_LOCAL_ONLY);
      const file = await outbox.attachment(request.params.id, request.params.position);
      if (!file) throw new HttpError(404, 'No such attachment.');
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .send(file.content);
    },
  );
};

export default devOutboxRoutes;
