// The cookies of sign-in, for every route that starts or ends a session (the e-mail link, the passkey step, sign-out):
// the HttpOnly session id, the script-readable hint (a '1', no secret), and the passkey step's own HttpOnly cookie, all
// SameSite=Strict, Secure over HTTPS, and host-only: set by the admin origin's routes alone and without a Domain, so
// the public origin never receives them (platform/http/site-origins.ts). Over HTTPS their names carry the `__Host-` prefix, which
// the browser keeps for a cookie its own host set, so a page of the public origin cannot plant one under that name
// for the admin origin (a Domain cookie of the parent domain), and the unprefixed names are not read there.
// On the Firebase home Hosting forwards one cookie only, `__session`, to the server: there it carries whichever
// secret this browser holds, the session's id or (prefixed) the passkey step's, and firebaseSessionCookie hands it to
// the routes under the names they read on the embedded home.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PASSKEY_STEP_TTL_MS } from '@studio/shared/domain';
import type { AuthUser } from '@studio/shared/domain';
import type { StudioHome } from '../../platform/config';
import { deviceName } from './device-name';
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  TRUSTED_SESSION_IDLE_TIMEOUT_MS,
  type Session,
  type SessionStore,
} from './sessions';

/** The passkey step's secret; sent only to the sign-in routes under /api/auth (to every path with `__Host-`). */
export const PASSKEY_STEP_COOKIE = 'studio_passkey_step';
const PASSKEY_STEP_PATH = '/api/auth';
/** A browser keeps a cookie named so only if its own host set it, Secure, with Path=/ and no Domain. */
export const HOST_PREFIX = '__Host-';
const PREFIXED = [SESSION_COOKIE, SESSION_HINT_COOKIE, PASSKEY_STEP_COOKIE];

/**
 * The embedded home over HTTPS (registered there only): the `__Host-` cookies under the names the routes read, and
 * nothing a client sent under the bare names, which any host of the parent domain could have set.
 */
export const hostPrefixedCookies = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      for (const name of PREFIXED) {
        const value = request.cookies[`${HOST_PREFIX}${name}`];
        if (value === undefined) delete request.cookies[name];
        else request.cookies[name] = value;
      }
    });
  },
  { name: 'host-prefixed-cookies', dependencies: ['@fastify/cookie'] },
);

/** The one cookie Firebase Hosting passes to the server behind it. */
export const FIREBASE_SESSION_COOKIE = '__session';
// Secrets are base64url, so the prefix cannot be mistaken for part of a session id.
const STEP_PREFIX = 'step.';

const holdsStep = (request: FastifyRequest) =>
  request.cookies[FIREBASE_SESSION_COOKIE]?.startsWith(STEP_PREFIX) === true;

/**
 * The Firebase home's reading of `__session` (registered there only): the session id or the step's secret under the
 * names the routes read, and nothing a client sent under those names itself.
 */
export const firebaseSessionCookie = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const value = request.cookies[FIREBASE_SESSION_COOKIE];
      delete request.cookies[SESSION_COOKIE];
      delete request.cookies[PASSKEY_STEP_COOKIE];
      if (!value) return;
      if (value.startsWith(STEP_PREFIX)) request.cookies[PASSKEY_STEP_COOKIE] = value.slice(STEP_PREFIX.length);
      else request.cookies[SESSION_COOKIE] = value;
    });
  },
  { name: 'firebase-session-cookie', dependencies: ['@fastify/cookie'] },
);

export function createSessionCookies(options: { https: boolean; home?: StudioHome }, sessions: SessionStore) {
  const firebase = options.home === 'firebase';
  // Behind Firebase Hosting the one cookie's name is fixed (`__session`); its siblings follow it unprefixed.
  const prefix = options.https && !firebase ? HOST_PREFIX : '';
  const base = { path: '/', sameSite: 'strict' as const, secure: options.https };
  const step = { ...base, path: prefix ? '/' : PASSKEY_STEP_PATH, httpOnly: true };
  const hintCookie = `${prefix}${SESSION_HINT_COOKIE}`;
  const stepCookie = `${prefix}${PASSKEY_STEP_COOKIE}`;
  const maxAge = Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000);
  // A trusted device's cookies last as long as its session may, and are set again as it is used (refresh below), so
  // the browser keeps them exactly while the server would still accept them. Same flags as any session's.
  const trustedMaxAge = Math.floor(TRUSTED_SESSION_IDLE_TIMEOUT_MS / 1000);
  const sessionCookie = firebase ? FIREBASE_SESSION_COOKIE : `${prefix}${SESSION_COOKIE}`;
  const firebaseCookie = { ...base, httpOnly: true };

  return {
    /**
     * Starts a session for the e-mail. Session rotation: whatever session this browser held ends, and the new one
     * gets a fresh id.
     */
    async start(request: FastifyRequest, reply: FastifyReply, email: string, trusted = false): Promise<AuthUser> {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await sessions.revokeById(previous);
      const device = trusted ? deviceName(request.headers['user-agent']) : '';
      const session = await sessions.create(email, { trusted, device });
      const age = trusted ? trustedMaxAge : maxAge;
      reply.setCookie(sessionCookie, session.id, { ...base, httpOnly: true, maxAge: age });
      reply.setCookie(hintCookie, '1', { ...base, httpOnly: false, maxAge: age });
      return session.user;
    },

    /** A trusted device's session was used: its cookies slide with it (an ordinary session's need nothing). */
    refresh(request: FastifyRequest, reply: FastifyReply, session: Session): void {
      const id = request.cookies[SESSION_COOKIE];
      if (!session.trusted || !id) return;
      reply.setCookie(sessionCookie, id, { ...base, httpOnly: true, maxAge: trustedMaxAge });
      reply.setCookie(hintCookie, '1', { ...base, httpOnly: false, maxAge: trustedMaxAge });
    },

    clear(reply: FastifyReply): void {
      // On the Firebase home `__session` may hold an open passkey step instead, which is not this call's to end.
      if (!firebase || !holdsStep(reply.request)) reply.clearCookie(sessionCookie, { ...base, httpOnly: true });
      reply.clearCookie(hintCookie, base);
    },

    stepOf: (request: FastifyRequest): string | undefined => request.cookies[PASSKEY_STEP_COOKIE],

    async startStep(reply: FastifyReply, secret: string): Promise<void> {
      const stepAge = Math.floor(PASSKEY_STEP_TTL_MS / 1000);
      if (!firebase) {
        reply.setCookie(stepCookie, secret, { ...step, maxAge: stepAge });
        return;
      }
      // The step takes the one cookie's place, so the session it held would be left without one: it ends now.
      const previous = reply.request.cookies[SESSION_COOKIE];
      if (previous) await sessions.revokeById(previous);
      reply.setCookie(FIREBASE_SESSION_COOKIE, `${STEP_PREFIX}${secret}`, { ...firebaseCookie, maxAge: stepAge });
    },

    clearStep(reply: FastifyReply): void {
      if (!firebase) reply.clearCookie(stepCookie, step);
      // A session in `__session` is not the step's to end.
      else if (holdsStep(reply.request)) reply.clearCookie(FIREBASE_SESSION_COOKIE, firebaseCookie);
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
