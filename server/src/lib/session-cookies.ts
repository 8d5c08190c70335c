// The cookies of sign-in, for every route that starts or ends a session (the e-mail link, the passkey step, sign-out):
// the HttpOnly session id, the script-readable hint, and the passkey step's own HttpOnly cookie, all SameSite=Strict,
// Secure over HTTPS.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PASSKEY_STEP_TTL_MS } from '@studio/shared/domain';
import type { AuthUser } from '@studio/shared/domain';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_COOKIE, SESSION_HINT_COOKIE, type SessionStore } from './sessions';

/** The passkey step's secret; sent only to the sign-in routes under /api/auth. */
export const PASSKEY_STEP_COOKIE = 'studio_passkey_step';
const PASSKEY_STEP_PATH = '/api/auth';

export function createSessionCookies(options: { https: boolean }, sessions: SessionStore) {
  const base = { path: '/', sameSite: 'strict' as const, secure: options.https };
  const step = { ...base, path: PASSKEY_STEP_PATH, httpOnly: true };
  const maxAge = Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000);

  return {
    /**
     * Starts a session for the e-mail. Session rotation: whatever session this browser held ends, and the new one
     * gets a fresh id.
     */
    async start(request: FastifyRequest, reply: FastifyReply, email: string): Promise<AuthUser> {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await sessions.revokeById(previous);
      const session = await sessions.create(email);
      reply.setCookie(SESSION_COOKIE, session.id, { ...base, httpOnly: true, maxAge });
      reply.setCookie(SESSION_HINT_COOKIE, '1', { ...base, httpOnly: false, maxAge });
      return session.user;
    },

    clear(reply: FastifyReply): void {
      reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
      reply.clearCookie(SESSION_HINT_COOKIE, base);
    },

    stepOf: (request: FastifyRequest): string | undefined => request.cookies[PASSKEY_STEP_COOKIE],

    startStep(reply: FastifyReply, secret: string): void {
      reply.setCookie(PASSKEY_STEP_COOKIE, secret, { ...step, maxAge: Math.floor(PASSKEY_STEP_TTL_MS / 1000) });
    },

    clearStep(reply: FastifyReply): void {
      reply.clearCookie(PASSKEY_STEP_COOKIE, step);
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
