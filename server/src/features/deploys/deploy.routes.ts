// The deploy API (docs/deploy.md, "Deploying a remote on its own"), for the deploy command in a team's CI: upload a
// build as a new version, make a version live, list the versions. Authorised by a deploy token alone, sent as
// `Authorization: Bearer`, and only for the remote it was issued for: the admin's session opens none of it, and a
// token never opens the admin's API. The check runs on request, before a byte of the upload is read.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, z } from '@studio/shared/schemas';
import {
  deployerSchema,
  remoteDeploymentsSchema,
  remoteParamsSchema,
  switchRecordSchema,
  switchRequestSchema,
  uploadedVersionSchema,
} from '@studio/shared/schemas/deployment';
import type { DeployToken, DeploysStore } from './deploys-store';
import { checkDeployToken } from './deploy-tokens';
import { GateRefused, UploadRefused, type RemoteDeploys } from './remote-deploys';
import { deploymentsOf, switchErrorStatus } from './deployments-view';
import { sendError } from '../../platform/http/errors';
import { refusals } from '../../platform/http/refusals';

export const DEPLOY_TOKEN_MISSING = (remote: string) =>
  `A deploy token for ${remote} is needed: send it as "Authorization: Bearer <token>" (npm run admin -- deploy-token ${remote}).`;
export const DEPLOY_TOKEN_REFUSED = (remote: string) => `This deploy token does not allow deploying ${remote}.`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The deploy token that authorised the request (deploy routes only). */
    deployToken: DeployToken | null;
  }
}

const GZIP_TYPES = ['application/gzip', 'application/x-gzip', 'application/x-tar+gzip', 'application/octet-stream'];
/** The upload's body: the request stream itself, unpacked as it arrives (features/deploys/unpack.ts). */
const tarballBody = z.custom<Readable>((value) => value instanceof Readable, {
  message: 'Send the build as a gzip tarball',
});

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/** The deployer's name from the header, or the token's label when it is absent or not a plain line of text. */
function deployerOf(request: FastifyRequest, fallback: string): string {
  const header = request.headers['x-studio-deployer'];
  const parsed = deployerSchema.safeParse(typeof header === 'string' ? header : '');
  return parsed.success && parsed.data !== '' ? parsed.data : fallback;
}

export interface DeployRoutesOptions {
  deploys: RemoteDeploys;
  repo: DeploysStore;
  uploadLimitBytes: number;
}

const deployRoutes: FastifyPluginAsyncZod<DeployRoutesOptions> = async (app, { deploys, repo, uploadLimitBytes }) => {
  app.decorateRequest('deployToken', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const remote = (request.params as { remote?: string }).remote ?? '';
    const check = await checkDeployToken(repo, remote, bearerOf(request));
    if (!check.ok) {
      return sendError(
        reply,
        403,
        check.reason === 'missing' ? DEPLOY_TOKEN_MISSING(remote) : DEPLOY_TOKEN_REFUSED(remote),
      );
    }
    request.deployToken = check.token;
  });
  // The tarball is not parsed here: the route streams it into the unpacker, which enforces the limits itself.
  app.addContentTypeParser(GZIP_TYPES, (_request, payload, done) => done(null, payload));

  const config = { bearerOnly: true, rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.put(
    '/:remote/versions',
    {
      config,
      bodyLimit: uploadLimitBytes,
      schema: {
        params: remoteParamsSchema,
        body: tarballBody,
        response: {
          200: uploadedVersionSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > uploadLimitBytes) {
        return sendError(reply, 413, `The upload is larger than ${Math.round(uploadLimitBytes / 1024 / 1024)} MB.`);
      }
      const token = request.deployToken!;
      try {
        const uploaded = await deploys.upload(remote, request.body, {
          deployedBy: deployerOf(request, token.label),
          tokenLabel: token.label,
        });
        return { remote, ...uploaded };
      } catch (error) {
        // Whatever is left of the body is not read: the connection closes after the answer.
        if (error instanceof UploadRefused) {
          reply.header('Connection', 'close');
          return sendError(reply, error.status, error.message);
        }
        if (error instanceof GateRefused) return sendError(reply, 422, error.message, { gate: error.problems });
        throw error;
      }
    },
  );

  app.post(
    '/:remote/live',
    {
      config,
      schema: {
        params: remoteParamsSchema,
        body: switchRequestSchema,
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
      const { remote } = request.params;
      const token = request.deployToken!;
      const { version, by, kind } = request.body;
      const who = by ? `${by} (token ${token.label})` : `token ${token.label}`;
      try {
        const record = await deploys.switchLive(
          remote,
          version ?? null,
          who,
          kind ?? (version ? 'deploy' : 'rollback'),
        );
        return { ...record, remote };
      } catch (error) {
        const status = switchErrorStatus(error);
        if (status === undefined) throw error;
        return sendError(
          reply,
          status,
          (error as Error).message,
          error instanceof GateRefused ? { gate: error.problems } : undefined,
        );
      }
    },
  );

  app.get(
    '/:remote/versions',
    { config, schema: { params: remoteParamsSchema, response: { 200: remoteDeploymentsSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return deploymentsOf(deploys, request.params.remote);
    },
  );
};

export default deployRoutes;
