// The passkey step of sign-in (docs/architecture.md, sign-in). Completing an e-mail link once the admin has a passkey
// gives only the step's cookie (features/auth/auth.routes.ts); these routes turn it into a session:
//   POST /api/auth/passkey/options  the authentication options, with a challenge kept for the step
//   POST /api/auth/passkey          her passkey's assertion
//   POST /api/auth/recovery         her one-time recovery code
// Without an open step each answers 401. Each wrong answer counts; PASSKEY_STEP_MAX_FAILURES end the step, and a new
// e-mail link (rate limited) is needed.
// On a device holding her passkey she may skip the e-mail instead, with no step:
//   POST /api/auth/passkey/sign-in/options  options without allowCredentials, and the ceremony id they are kept under
//   POST /api/auth/passkey/sign-in          the ceremony id and the assertion of a discoverable passkey of hers
// Both count against the client's sign-in quota; every refusal reads the same.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  authenticationOptionsSchema,
  emptyBodySchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  passkeyStepAnswerSchema,
  recoveryCodeInputSchema,
  signedInSchema,
} from '@studio/shared/schemas';
import {
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_SIGN_IN_REFUSED,
  PASSKEY_STEP_EXPIRED,
  RECOVERY_CODE_NOT_ACCEPTED,
} from '@studio/shared/passkey-messages';
import type { AppOptions } from '../../platform/config';
import { clientKeyOfRequest } from '../../platform/http/client-address';
import { createSessionCookies } from './session-cookies';
import { normaliseEmail, type SessionStore } from './sessions';
import type { SignInLimitsStore } from './sign-in-limits-store';
import { HttpError } from '../../platform/http/errors';
import type { PasskeyService } from './passkeys';
import { refusals } from '../../platform/http/refusals';

/**
 * Calls of the passkey-alone routes one client may make per window (an attempt is two: options, then the answer).
 * Generous for her, a wall for anyone filling the challenge table or trying assertions by the thousand.
 */
export const PASSKEY_SIGN_IN_LIMIT_PER_CLIENT = 40;
export const PASSKEY_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface AuthPasskeyRoutesOptions {
  options: AppOptions;
  sessions: SessionStore;
  passkeys: PasskeyService;
  signInLimits: SignInLimitsStore;
}

const authPasskeyRoutes: FastifyPluginAsyncZod<AuthPasskeyRoutesOptions> = async (
  app,
  { options, sessions, passkeys, signInLimits },
) => {
  const cookies = createSessionCookies(options, sessions);
  const adminEmail = normaliseEmail(options.adminEmail);

  /** Counted before the body is validated: a malformed request uses up the client's quota too. */
  const countPasskeySignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const at = options.now().getTime();
    await signInLimits.purgeOlderThan(at - PASSKEY_SIGN_IN_WINDOW_MS);
    const hit = await signInLimits.hit(`passkey\n${clientKeyOfRequest(request)}`, PASSKEY_SIGN_IN_WINDOW_MS, at);
    if (hit.count <= PASSKEY_SIGN_IN_LIMIT_PER_CLIENT) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((hit.endsAt - at) / 1000));
    reply.header('Retry-After', String(retryAfterSeconds));
    throw new HttpError(429, `Too many requests. Please try again in ${retryAfterSeconds} seconds.`);
  };

  const openStep = async (secret: string | undefined, reply: FastifyReply) => {
    const step = await passkeys.step(secret);
    if (step) return step;
    cookies.clearStep(reply);
    throw new HttpError(401, PASSKEY_STEP_EXPIRED);
  };

  const answers = { 200: signedInSchema, 400: apiErrorSchema, 401: apiErrorSchema, ...refusals };

  app.post(
    '/api/auth/passkey/options',
    {
      schema: {
        body: emptyBodySchema,
        response: { 200: authenticationOptionsSchema, 400: apiErrorSchema, 401: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const step = await openStep(cookies.stepOf(request), reply);
      return passkeys.authenticationOptions(step.idHash, step.email);
    },
  );

  app.post(
    '/api/auth/passkey',
    { schema: { body: passkeyStepAnswerSchema, response: answers } },
    async (request, reply) => {
      const step = await openStep(cookies.stepOf(request), reply);
      const { trustDevice = false, ...assertion } = request.body;
      if (!(await passkeys.authenticate(step.idHash, step.email, assertion))) {
        await passkeys.stepFailed(step.idHash);
        throw new HttpError(401, PASSKEY_NOT_ACCEPTED);
      }
      await passkeys.endStep(step.idHash);
      cookies.clearStep(reply);
      return { user: await cookies.start(request, reply, step.email, trustDevice) };
    },
  );

  app.post(
    '/api/auth/recovery',
    { schema: { body: recoveryCodeInputSchema, response: answers } },
    async (request, reply) => {
      const step = await openStep(cookies.stepOf(request), reply);
      if (!(await passkeys.recover(step.email, request.body.code))) {
        await passkeys.stepFailed(step.idHash);
        throw new HttpError(401, RECOVERY_CODE_NOT_ACCEPTED);
      }
      await passkeys.endStep(step.idHash);
      cookies.clearStep(reply);
      return { user: await cookies.start(request, reply, step.email, request.body.trustDevice ?? false) };
    },
  );

  app.post(
    '/api/auth/passkey/sign-in/options',
    {
      preValidation: countPasskeySignIn,
      schema: {
        body: emptyBodySchema,
        response: { 200: passkeySignInOptionsSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return passkeys.signInOptions();
    },
  );

  app.post(
    '/api/auth/passkey/sign-in',
    {
      preValidation: countPasskeySignIn,
      schema: { body: passkeySignInSchema, response: { ...answers, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      const { ceremony, response, trustDevice = false } = request.body;
      // Only a passkey stored for the admin's address opens a session: the one account that can sign in at all.
      if (!(await passkeys.signInWithPasskey(ceremony, adminEmail, response)))
        throw new HttpError(401, PASSKEY_SIGN_IN_REFUSED);
      // The session the link and the passkey step give: the same kind, with the same limits.
      return { user: await cookies.start(request, reply, adminEmail, trustDevice) };
    },
  );
};

export default authPasskeyRoutes;
