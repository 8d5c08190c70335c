// The admin's passkeys under /api/admin/passkeys (registered in the admin scope, so only her session reaches them):
// list them, add one (options, then the browser's answer), remove one. The first passkey comes with the one-time
// recovery code, shown in that answer and never again. Adding one ends every other session of hers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  passkeyEnrolmentSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsRequestSchema,
  passkeyRegistrationSchema,
  registrationOptionsSchema,
  z,
} from '@studio/shared/schemas';
import { PASSKEY_NOT_ADDED, PASSKEY_NOT_FOUND } from '@studio/shared/passkey-messages';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/errors';
import { NOT_SIGNED_IN } from './require-admin';
import type { SessionStore } from './sessions';
import type { PasskeyService } from './passkeys';
import { refusals } from '../../platform/http/refusals';

/** The guard of the admin scope has set the session; without it the route is not reachable. */
function sessionOf(request: FastifyRequest) {
  const session = request.studioSession;
  if (!session) throw new HttpError(401, NOT_SIGNED_IN);
  return session;
}

const adminPasskeysRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeyService; sessions: SessionStore }> = async (
  app,
  { passkeys, sessions },
) => {
  app.get('/passkeys', { schema: { response: { 200: passkeyListSchema, ...refusals } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return passkeys.list(sessionOf(request).user.email);
  });

  app.post(
    '/passkeys/options',
    {
      schema: {
        body: passkeyOptionsRequestSchema,
        response: { 200: registrationOptionsSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = sessionOf(request);
      return passkeys.registrationOptions(session.idHash, session.user.email);
    },
  );

  app.post(
    '/passkeys',
    {
      schema: {
        body: passkeyRegistrationSchema,
        response: { 201: passkeyEnrolmentSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const enrolment = await passkeys.register(
        session.idHash,
        session.user.email,
        request.body.name,
        request.body.response,
      );
      if (!enrolment) throw new HttpError(400, PASSKEY_NOT_ADDED);
      // From now on a session needs the passkey: the ones opened before it (another browser, or whoever had her
      // mailbox) end here; this one, which added it, goes on.
      await sessions.endOtherSessions(session);
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send(enrolment);
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        params: passkeyIdParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      if (!(await passkeys.remove(sessionOf(request).user.email, request.params.id))) {
        throw new HttpError(404, PASSKEY_NOT_FOUND);
      }
      return reply.code(204).send(null);
    },
  );
};

export default adminPasskeysRoutes;
