// The admin guard (docs/architecture.md, rules table): 401 to a visitor, 403 to a signed-in user who is not the admin.
// It guards the scope it is registered in (fastify-plugin hands the hook to that scope), so every route of the admin
// scope has it and no route outside that scope can, whatever its URL. It runs on request, before the body is read or
// validated: a refused caller learns nothing about what a valid request looks like.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type Session, type SessionStore } from './sessions';
import { sendError } from '../../platform/http/errors';

export const NOT_SIGNED_IN = 'Please sign in as the admin.';
export const NOT_ADMIN = 'Access Denied: You do not have permission to access this page.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, set by the admin guard on admin routes. */
    studioSession: Session | null;
  }
}

export function requireAdmin(sessions: SessionStore) {
  return async function requireAdminHandler(request: FastifyRequest, reply: FastifyReply) {
    const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (!session) return sendError(reply, 401, NOT_SIGNED_IN);
    if (!session.user.isAdmin) return sendError(reply, 403, NOT_ADMIN);
    request.studioSession = session;
  };
}

export default fp(
  async function adminGuard(app, { sessions }: { sessions: SessionStore }) {
    app.decorateRequest('studioSession', null);
    app.addHook('onRequest', requireAdmin(sessions));
  },
  { name: 'admin-guard', dependencies: ['@fastify/cookie'] },
);
