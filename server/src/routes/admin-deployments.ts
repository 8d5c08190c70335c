// The admin's Deployments view (docs/deploy.md): every remote's kept versions, which one is live, the last switches,
// and a rollback to a kept version. In the admin scope: her session and the CSRF pair, never a deploy token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@studio/shared/schemas';
import {
  REMOTE_NAMES,
  adminSwitchRequestSchema,
  deploymentsSchema,
  remoteParamsSchema,
  switchRecordSchema,
} from '@studio/shared/schemas/deployment';
import type { RemoteDeploys } from '../deploys/remote-deploys';
import { deploymentsOf, switchErrorStatus } from '../deploys/deployments-view';
import { sendError } from '../plugins/errors';
import { refusals } from './refusals';

const adminDeploymentsRoutes: FastifyPluginAsyncZod<{ deploys: RemoteDeploys }> = async (app, { deploys }) => {
  app.get(
    '/deployments',
    { schema: { response: { 200: deploymentsSchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { remotes: await Promise.all(REMOTE_NAMES.map((remote) => deploymentsOf(deploys, remote))) };
    },
  );

  app.post(
    '/deployments/:remote/live',
    {
      schema: {
        params: remoteParamsSchema,
        body: adminSwitchRequestSchema,
        response: {
          200: switchRecordSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const by = request.studioSession?.user.email ?? 'admin';
      try {
        const { remote } = request.params;
        return { ...(await deploys.switchLive(remote, request.body.version, by, 'rollback')), remote };
      } catch (error) {
        const status = switchErrorStatus(error);
        if (status === undefined) throw error;
        return sendError(reply, status, (error as Error).message);
      }
    },
  );
};

export default adminDeploymentsRoutes;
