// Sign-in by e-mail link (docs/product.md §4, §5; docs/architecture.md). POST /api/auth/link mails a single-use link
// to the admin only, on both homes, behind the same limits and the same check of the address: on the embedded home a
// token of this server's own; on the Firebase home Firebase Auth's e-mail link, which the Admin SDK makes here and this
// server mails, so Firebase mails nobody and a stranger's address never gets a code
// (docs/decisions/009-firebase-sign-in-links-through-the-server.md). POST /api/auth/session spends the embedded home's
// link and starts a session, or, once the admin has a passkey, opens the passkey step
// (features/auth/auth-passkey.routes.ts) instead; GET reads the session; DELETE ends it on the server.
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
import { SIGN_IN_ACCESS_DENIED, SIGN_IN_INVALID_LINK, SIGN_IN_MAIL_NOT_SENT } from '@studio/shared/messages';
import { SIGN_IN_TOKEN_TTL_MS } from '@studio/shared/domain';
import type { AppOptions } from '../../platform/config';
import { clientKeyOfRequest } from '../../platform/http/client-address';
import type { Mailer, OutboxStore } from '../messaging';
import { createSessionCookies } from './session-cookies';
import { SESSION_COOKIE, SESSION_HINT_COOKIE, normaliseEmail, type SessionStore } from './sessions';
import type { SignInLimitsStore } from './sign-in-limits-store';
import { HttpError } from '../../platform/http/errors';
import type { PasskeyService } from './passkeys';
import { createFirebaseAuth } from './firebase-admin-auth';
import { refusals } from '../../platform/http/refusals';

/**
 * Limits on link requests. A client address may ask LINK_LIMIT_PER_IP times per window, and
 * options.signInLinksPerPair times (default 3) for any one e-mail: over either it is answered 429, and only that
 * client is held back. The admin's mailbox gets at most options.signInMailsPerMailbox links (default 10) per window
 * whoever asks; over that quota the answer is the same 204 with no mail, so nobody can lock her out of asking (a 429
 * for her e-mail used to answer her too, for up to 15 minutes) or fill her mailbox. Counted in SQLite, so a restart
 * forgets nothing.
 */
export const LINK_LIMIT_PER_IP = 20;
export const LINK_LIMIT_WINDOW_MS = 15 * 60 * 1000;

export const SIGN_IN_MAIL_SUBJECT = 'Your sign-in link';

function tooMany(reply: FastifyReply, endsAt: number, at: number): never {
  const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - at) / 1000));
  reply.header('Retry-After', String(retryAfterSeconds));
  throw new HttpError(429, `Too many requests. Please try again in ${retryAfterSeconds} seconds.`);
}

export interface AuthRoutesOptions {
  options: AppOptions;
  mailer: Mailer;
  sessions: SessionStore;
  /** Where a spent link's mail is blanked (the local outbox; nothing to do when mail goes out by SMTP). */
  outbox: OutboxStore;
  signInLimits: SignInLimitsStore;
  passkeys: PasskeyService;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { options, mailer, sessions, outbox, signInLimits, passkeys },
) => {
  const now = () => options.now().getTime();
  const count = async (key: string, at: number) => {
    await signInLimits.purgeOlderThan(at - LINK_LIMIT_WINDOW_MS);
    return signInLimits.hit(key, LINK_LIMIT_WINDOW_MS, at);
  };

  const cookies = createSessionCookies(options, sessions);

  // Firebase's link is spent in her browser (signInWithEmailLink) and traded at POST /api/auth/firebase
  // (features/auth/auth-firebase.routes.ts); the embedded home's token, at POST /api/auth/session below.
  const firebase =
    options.home === 'firebase' && options.firebase ? await createFirebaseAuth(options.firebase) : undefined;
  if (options.home === 'firebase' && !firebase)
    throw new Error('STUDIO_HOME=firebase needs its Firebase project (FIREBASE_WEB_CONFIG)');
  const minutes = Math.round(SIGN_IN_TOKEN_TTL_MS / 60000);
  // The link's origin is configuration, never the request's Host header, which a client can set to anything: her own
  // origin, where the session's cookie is set (platform/http/site-origins.ts).
  const finishPage = `${options.adminOrigin}/finishSignIn`;
  const linkFor = async (email: string): Promise<{ link: string; lasts: string }> => {
    if (firebase) return { link: await firebase.signInLink(email, finishPage), lasts: 'The link works once.' };
    const token = await sessions.issueSignInToken(email);
    return {
      link: `${finishPage}?token=${token}`,
      lasts: `The link works once and expires in ${minutes} minutes.`,
    };
  };

  app.post(
    '/api/auth/link',
    {
      // Counted before the body is validated: a malformed request uses up the address's budget too.
      preValidation: async (request, reply) => {
        const at = now();
        const address = await count(`address\n${clientKeyOfRequest(request)}`, at);
        if (address.count > LINK_LIMIT_PER_IP) tooMany(reply, address.endsAt, at);
      },
      schema: {
        body: signInRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const at = now();
      const pair = await count(`pair\n${clientKeyOfRequest(request)}\n${email}`, at);
      if (pair.count > options.signInLinksPerPair) tooMany(reply, pair.endsAt, at);
      if (!sessions.isAdminEmail(email)) throw new HttpError(403, SIGN_IN_ACCESS_DENIED);
      // Over the mailbox's quota: the answer a mailed link gets, so it tells a stranger nothing, and no mail.
      if ((await count(`mailbox\n${email}`, at)).count > options.signInMailsPerMailbox)
        return reply.code(204).send(null);

      // Only now, for her address within every limit, is a link made at all.
      const { link, lasts } = await linkFor(email);
      const outcome = await mailer.send({
        to: email,
        subject: SIGN_IN_MAIL_SUBJECT,
        text: `Open this link to sign in:\n\n${link}\n\n${lasts} If you did not ask to sign in, ignore this e-mail.`,
      });
      // Refused by the mail server and kept to send again (features/messaging/mail-queue.ts): she is told, not "link sent".
      if (outcome === 'queued') throw new HttpError(503, SIGN_IN_MAIL_NOT_SENT);
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
      const { email, token, trustDevice = false } = request.body;
      if ((await sessions.redeemSignInToken(token, email)) !== 'ok') throw new HttpError(401, SIGN_IN_INVALID_LINK);
      await outbox.redactSignInToken(token);

      // Once she has a passkey the link alone is not enough: it opens the passkey step, not a session.
      if (await passkeys.required(normaliseEmail(email))) {
        // Whether this device is hers is asked again where the step ends (the passkey or recovery call carries it).
        await cookies.startStep(reply, await passkeys.beginStep(normaliseEmail(email)));
        return { secondFactor: 'passkey' as const };
      }
      return { user: await cookies.start(request, reply, email, trustDevice) };
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { response: { 200: sessionStateSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
      // A stale cookie pair is cleared, so the shell stops asking on every load.
      if (!session && (request.cookies[SESSION_COOKIE] || request.cookies[SESSION_HINT_COOKIE])) cookies.clear(reply);
      // Each load of the site asks this: a trusted device's cookies slide with its 30 days here.
      if (session) cookies.refresh(request, reply, session);
      return { user: session?.user ?? null };
    },
  );

  app.delete('/api/auth/session', { schema: { response: { 204: z.null(), ...refusals } } }, async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id) await sessions.revokeById(id);
    cookies.clear(reply);
    return reply.code(204).send(null);
  });
};

export default authRoutes;
