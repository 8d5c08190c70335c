// Serves each remote's deployed versions at <remote path>v/<version>/ from DATA_DIR/remotes/<remote>/<version>/.
// A version's folder never changes (its name is its content's hash), so every file in it, its manifest and
// remoteEntry.js included, is cached for a year: a new version has new URLs, and the shell's HTML, never cached
// stale, names the live one. Only the live version and the one before it (for pages opened before the switch) are
// served: an uploaded version that never went live, or one long replaced, answers 404 on the site's origin, so a
// deploy token cannot put pages or scripts on her origin by uploading alone. An upload being unpacked (.incoming-*)
// never is.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { VERSION_FORMAT } from './unpack';
import { REMOTE_NAMES, type RemoteDeploys } from './remote-deploys';
import type { AppOptions } from '../config';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export default async function serveVersions(
  app: FastifyInstance,
  { options, deploys }: { options: AppOptions; deploys: RemoteDeploys },
) {
  for (const remote of REMOTE_NAMES) {
    const prefix = `${options.remotes[remote].urlPath}v/`;
    // Its own scope, so the check runs for these files only.
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const version = request.url.slice(prefix.length).split(/[/?#]/)[0] ?? '';
        const served = await deploys.servedVersions(remote);
        if (!VERSION_FORMAT.test(version) || !served.includes(version)) {
          reply.callNotFound();
          return reply;
        }
      });
      await scope.register(fastifyStatic, {
        root: deploys.remoteRoot(remote),
        prefix,
        index: false,
        decorateReply: false,
        wildcard: true,
        preCompressed: true,
        allowedPath: (pathname) => VERSION_FORMAT.test(pathname.split('/').filter(Boolean)[0] ?? ''),
        setHeaders: (reply) => reply.header('Cache-Control', IMMUTABLE),
      });
    });
  }
}
