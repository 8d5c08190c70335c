// Sign-in by e-mail link (docs/product.md §4, §5; docs/architecture.md): POST /api/auth/link mails a single-use link to the admin only;
// POST /api/auth/session spends it and starts a session, or, once the admin has a passkey, opens the passkey step
// (routes/auth-passkey.ts) instead; GET reads the session; DELETE ends it on the server.
// Opening the link only shows the /finishSignIn page (a GET, which changes nothing), so a mail scanner that fetches
// it cannot spend the token: the page completes sign-in with a POST.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  sessionStateSchema,
  signInAnswerSchema,
  signInCompleteSchema,
  signInRequestSchema,
  z,
} from '@studio/shared/schemas';
import { SIGN_IN_ACCESS_DENIED, SIGN_IN_INVALID_LINK } from '@studio/shared/messages';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import type { AppOptions } from '../config';
import type { Mailer } from '../lib/mailer';
import { createSessionCookies } from '../lib/session-cookies';
import { SESSION_COOKIE, SESSION_HINT_COOKIE, normaliseEmail, type SessionStore } from '../lib/sessions';
import type { OutboxRepository } from '../repositories/outbox-repository';
import { HttpError } from '../plugins/errors';
import type { PasskeyService } from '../services/passkeys';
import { refusals } from './refusals';

/** Link requests allowed per e-mail address, and per client address, in one window. */
export const LINK_LIMIT_PER_EMAIL = 5;
export const LINK_LIMIT_PER_IP = 20;
export const LINK_LIMIT_WINDOW_MS = 15 * 60 * 1000;

export const SIGN_IN_MAIL_SUBJECT = 'Your sign-in link';

/** A fixed-window counter per key; counts only in memory (one process owns the site). */
function createWindowLimiter(max: number, windowMs: number, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one attempt; answers the seconds to wait when the limit is already reached, else 0. */
    hit(key: string): number {
      const at = now();
      for (const [k, w] of windows) if (at - w.start >= windowMs) windows.delete(k);
      const w = windows.get(key) ?? { start: at, count: 0 };
      windows.set(key, w);
      if (w.count >= max) return Math.max(1, Math.ceil((w.start + windowMs - at) / 1000));
      w.count += 1;
      return 0;
    },
  };
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('Retry-After', String(retryAfterSeconds));
  throw new HttpError(429, `Too many requests. Please try again in ${retryAfterSeconds} seconds.`);
}

export interface AuthRoutesOptions {
  options: AppOptions;
  mailer: Mailer;
  sessions: SessionStore;
  /** Where a spent link's mail is blanked (the local outbox; nothing to do when mail goes out by SMTP). */
  outbox: OutboxRepository;
  passkeys: PasskeyService;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { options, mailer, sessions, outbox, passkeys },
) => {
  const now = () => options.now().getTime();
  const perEmail = createWindowLimiter(LINK_LIMIT_PER_EMAIL, LINK_LIMIT_WINDOW_MS, now);
  const perIp = createWindowLimiter(LINK_LIMIT_PER_IP, LINK_LIMIT_WINDOW_MS, now);

  const cookies = createSessionCookies(options, sessions);

  app.post(
    '/api/auth/link',
    {
      // Counted before the body is validated: a malformed request uses up the address's budget too.
      preValidation: async (request, reply) => {
        const ipWait = perIp.hit(request.ip);
        if (ipWait) tooMany(reply, ipWait);
      },
      schema: {
        body: signInRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const emailWait = perEmail.hit(normaliseEmail(email));
      if (emailWait) tooMany(reply, emailWait);
      if (!sessions.isAdminEmail(email)) throw new HttpError(403, SIGN_IN_ACCESS_DENIED);

      const token = sessions.issueSignInToken(email);
      // The link's origin is configuration, never the request's Host header, which a client can set to anything.
      const link = `${options.publicOrigin}/finishSignIn?token=${token}`;
      const minutes = Math.round(SIGN_IN_TOKEN_TTL_MS / 60000);
      await mailer.send({
        to: normaliseEmail(email),
        subject: SIGN_IN_MAIL_SUBJECT,
        text: `Open this link to sign in:\n\n${link}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask to sign in, ignore this e-mail.`,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/session',
    {
      // A malformed token is as invalid as a spent one: the handler gives one answer for every refusal.
      attachValidation: true,
      schema: { body: signInCompleteSchema, response: { 200: signInAnswerSchema, 401: apiErrorSchema, ...refusals } },
    },
    async (request, reply) => {
      if (request.validationError) throw new HttpError(401, SIGN_IN_INVALID_LINK);
      const { email, token } = request.body;
      if (sessions.redeemSignInToken(token, email) !== 'ok') throw new HttpError(401, SIGN_IN_INVALID_LINK);
      outbox.redactSignInToken(token);

      // Once she has a passkey the link alone is not enough: it opens the passkey step, not a session.
      if (passkeys.required(normaliseEmail(email))) {
        cookies.startStep(reply, passkeys.beginStep(normaliseEmail(email)));
        return { secondFactor: 'passkey' as const };
      }
      return { user: cookies.start(request, reply, email) };
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { response: { 200: sessionStateSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = sessions.resolve(request.cookies[SESSION_COOKIE]);
      // A stale cookie pair is cleared, so the shell stops asking on every load.
      if (!session && (request.cookies[SESSION_COOKIE] || request.cookies[SESSION_HINT_COOKIE])) cookies.clear(reply);
      return { user: session?.user ?? null };
    },
  );

  app.delete('/api/auth/session', { schema: { response: { 204: z.null(), ...refusals } } }, async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id) sessions.revokeById(id);
    cookies.clear(reply);
    return reply.code(204).send(null);
  });
};

export default authRoutes;
