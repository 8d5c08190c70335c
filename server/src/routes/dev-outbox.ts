// GET /api/dev/outbox: the mails and SMS kept in the local outbox, newest first (docs/architecture.md). Only in development, and
// only to a browser on this machine: the outbox holds live sign-in links.
import type { FastifyInstance } from 'fastify';
import type { OutboxRepository } from '../repositories/outbox-repository';
import { sendError } from '../plugins/errors';
import { isLoopbackPeer } from '../lib/dev-outbox-policy';

export function registerDevOutboxRoute(app: FastifyInstance, deps: { outbox: OutboxRepository }) {
  app.get('/api/dev/outbox', async (request, reply) => {
    if (!isLoopbackPeer(request.raw.socket.remoteAddress))
      return sendError(reply, 403, 'The outbox is readable only from this machine.');
    return deps.outbox.list();
  });
}
