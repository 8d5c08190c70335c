// The admin guard (docs/architecture.md, rules table): every route under /api/admin/ answers 401 to a visitor and 403 to a signed-in
// user who is not the admin. It is one hook keyed on the route's path, so an admin route added later cannot forget it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type Session, type SessionStore } from '../lib/sessions';
import { sendError } from './errors';

export const NOT_SIGNED_IN = 'Please sign in as the admin.';
export const NOT_ADMIN = 'Access Denied: You do not have permission to access this page.';
export const ADMIN_PREFIX = '/api/admin/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, set by the admin guard on admin routes. */
    studioSession: Session | null;
  }
}

export function requireAdmin(sessions: SessionStore) {
  return async function requireAdminHandler(request: FastifyRequest, reply: FastifyReply) {
    const session = sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (!session) return sendError(reply, 401, NOT_SIGNED_IN);
    if (!session.user.isAdmin) return sendError(reply, 403, NOT_ADMIN);
    request.studioSession = session;
  };
}

export function registerRequireAdmin(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest('studioSession', null);
  const guard = requireAdmin(sessions);
  app.addHook('preHandler', async (request, reply) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith(ADMIN_PREFIX)) return;
    return guard(request, reply);
  });
}
