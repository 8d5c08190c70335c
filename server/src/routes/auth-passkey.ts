// The passkey step of sign-in (docs/architecture.md, sign-in). Completing an e-mail link once the admin has a passkey
// gives only the step's cookie (routes/auth.ts); these routes turn it into a session:
//   POST /api/auth/passkey/options  the authentication options, with a challenge kept for the step
//   POST /api/auth/passkey          her passkey's assertion
//   POST /api/auth/recovery         her one-time recovery code
// Without an open step each answers 401. Each wrong answer counts; PASSKEY_STEP_MAX_FAILURES end the step, and a new
// e-mail link (rate limited) is needed.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  authenticationOptionsSchema,
  authenticationResponseSchema,
  emptyBodySchema,
  recoveryCodeInputSchema,
  signedInSchema,
} from '@studio/shared/schemas';
import {
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_STEP_EXPIRED,
  RECOVERY_CODE_NOT_ACCEPTED,
} from '@studio/shared/passkey-messages';
import type { AppOptions } from '../config';
import { createSessionCookies } from '../lib/session-cookies';
import type { SessionStore } from '../lib/sessions';
import { HttpError } from '../plugins/errors';
import type { PasskeyService } from '../services/passkeys';
import { refusals } from './refusals';

export interface AuthPasskeyRoutesOptions {
  options: AppOptions;
  sessions: SessionStore;
  passkeys: PasskeyService;
}

const authPasskeyRoutes: FastifyPluginAsyncZod<AuthPasskeyRoutesOptions> = async (
  app,
  { options, sessions, passkeys },
) => {
  const cookies = createSessionCookies(options, sessions);

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
    { schema: { body: authenticationResponseSchema, response: answers } },
    async (request, reply) => {
      const step = await openStep(cookies.stepOf(request), reply);
      if (!(await passkeys.authenticate(step.idHash, step.email, request.body))) {
        await passkeys.stepFailed(step.idHash);
        throw new HttpError(401, PASSKEY_NOT_ACCEPTED);
      }
      await passkeys.endStep(step.idHash);
      cookies.clearStep(reply);
      return { user: await cookies.start(request, reply, step.email) };
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
      return { user: await cookies.start(request, reply, step.email) };
    },
  );
};

export default authPasskeyRoutes;
