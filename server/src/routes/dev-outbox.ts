// GET /api/dev/outbox: the mails and SMS kept in the local outbox, newest first (docs/architecture.md). Registered only
// for a local site (lib/dev-outbox-policy.ts), and answered only to a browser on this machine, judged by the socket,
// never a forwarding header: the outbox holds live sign-in links.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, outboxMessageSchema, z } from '@studio/shared/schemas';
import type { OutboxRepository } from '../repositories/outbox-repository';
import { HttpError } from '../plugins/errors';
import { isLoopbackPeer } from '../lib/dev-outbox-policy';
import { refusals } from './refusals';

export const OUTBOX_LOCAL_ONLY = 'The outbox is readable only from this machine.';

const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxRepository }> = async (app, { outbox }) => {
  app.get(
    '/api/dev/outbox',
    { schema: { response: { 200: z.array(outboxMessageSchema), 403: apiErrorSchema, ...refusals } } },
    async (request) => {
      if (!isLoopbackPeer(request.raw.socket.remoteAddress)) throw new HttpError(403, OUTBOX_LOCAL_ONLY);
      return outbox.list();
    },
  );
};

export default devOutboxRoutes;
