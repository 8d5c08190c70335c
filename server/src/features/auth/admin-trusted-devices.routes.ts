// Her trusted devices under /api/admin/trusted-devices (registered in the admin scope, so only her session
// reaches them): the devices she marked as hers at sign-in, each with when it was added and last used, and ending
// one. Ending one ends its session at once: its next request is signed out, and its live stream closes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema, trustedDeviceIdParamsSchema, trustedDeviceListSchema, z } from '@studio/shared/schemas';
import { TRUSTED_DEVICE_NOT_FOUND } from '@studio/shared/messages';
import type { AppOptions } from '../../platform/config';
import { HttpError } from '../../platform/http/errors';
import { NOT_SIGNED_IN } from './require-admin';
import { createSessionCookies } from './session-cookies';
import type { SessionStore } from './sessions';
import { refusals } from '../../platform/http/refusals';

/** The guard of the admin scope has set the session; without it the route is not reachable. */
function sessionOf(request: FastifyRequest) {
  const session = request.studioSession;
  if (!session) throw new HttpError(401, NOT_SIGNED_IN);
  return session;
}

const iso = (ms: number) => new Date(ms).toISOString();

const adminTrustedDevicesRoutes: FastifyPluginAsyncZod<{ options: AppOptions; sessions: SessionStore }> = async (
  app,
  { options, sessions },
) => {
  const cookies = createSessionCookies(options, sessions);

  app.get(
    '/trusted-devices',
    { schema: { response: { 200: trustedDeviceListSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const devices = await sessions.trustedDevices(sessionOf(request));
      return {
        devices: devices.map((d) => ({ ...d, createdAt: iso(d.createdAt), lastSeenAt: iso(d.lastSeenAt) })),
      };
    },
  );

  app.delete(
    '/trusted-devices/:id',
    {
      schema: {
        params: trustedDeviceIdParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const current = (await sessions.trustedDevices(session)).some((d) => d.current && d.id === request.params.id);
      if (!(await sessions.revokeTrustedDevice(session, request.params.id))) {
        throw new HttpError(404, TRUSTED_DEVICE_NOT_FOUND);
      }
      // She ended the device she is on: it is signed out now, and its cookies go with it.
      if (current) cookies.clear(reply);
      return reply.code(204).send(null);
    },
  );
};

export default adminTrustedDevicesRoutes;
