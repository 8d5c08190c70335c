// The admin's Deployments view (docs/deploy.md): every remote's kept versions, which one is live, the last switches,
// a rollback to a kept version, and a signed preview address of one (features/deploys/preview-links.ts). In the admin scope: her
// session and the CSRF pair, never a deploy token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, emptyBodySchema } from '@studio/shared/schemas';
import {
  REMOTE_NAMES,
  adminSwitchRequestSchema,
  deploymentsSchema,
  remoteParamsSchema,
  switchRecordSchema,
  versionParamsSchema,
  versionPreviewSchema,
} from '@studio/shared/schemas/deployment';
import type { RemoteDeploys } from './remote-deploys';
import { PREVIEW_PARAM, type PreviewLinks } from './preview-links';
import { deploymentsOf, switchErrorStatus } from './deployments-view';
import { sendError } from '../../platform/http/errors';
import { refusals } from '../../platform/http/refusals';

/** Where a remote's preview opens: a page that shows it. */
const PREVIEW_PAGE = { 'public-site': '/', 'admin-app': '/admin' } as const;

const adminDeploymentsRoutes: FastifyPluginAsyncZod<{ deploys: RemoteDeploys; previews: PreviewLinks }> = async (
  app,
  { deploys, previews },
) => {
  app.get(
    '/deployments',
    { schema: { response: { 200: deploymentsSchema, ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const [remotes, tokens] = await Promise.all([
        Promise.all(REMOTE_NAMES.map((remote) => deploymentsOf(deploys, remote))),
        deploys.hasTokens(),
      ]);
      return { remotes, tokens };
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

  // A POST (with the CSRF pair): the address is a capability, never handed out to a cross-site GET.
  app.post(
    '/deployments/:remote/versions/:version/preview',
    {
      schema: {
        params: versionParamsSchema,
        body: emptyBodySchema,
        response: { 200: versionPreviewSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { remote, version } = request.params;
      const { versions } = await deploys.list(remote);
      if (!versions.some((v) => v.version === version))
        return sendError(reply, 404, `${remote} has no kept version ${version}.`);
      const { token, expiresAt } = previews.issue(remote, version);
      reply.header('Cache-Control', 'no-store');
      return {
        remote,
        version,
        url: `${PREVIEW_PAGE[remote]}?${PREVIEW_PARAM}=${encodeURIComponent(token)}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },
  );
};

export default adminDeploymentsRoutes;
