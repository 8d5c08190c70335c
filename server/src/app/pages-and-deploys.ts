// Public pages rendered on the server and the remotes' versions, built together: the gate smoke-renders a new
// public-site version with the same renderer that serves the pages, and the renderer runs a live version's entry only
// as the version's integrity record says it was uploaded.
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { CODE_ROOT } from '../platform/server-root';
import type { AppOptions } from '../platform/config';
import type { ServerEntryCheck } from '../features/deploys/gate';
import { createPageContent } from '../features/pages/page-content';
import { createServerRenderer, injectFetch, memoryStore } from '../features/pages/server-render';
import { createHttpBackend } from '@studio/shared/backend/http';
import type { Storage } from './storage';
import { createRemoteDeploys, type RemoteDeploys } from '../features/deploys/remote-deploys';
import serveVersions from '../features/deploys/serve-versions';
import { createPreviewLinks } from '../features/deploys/preview-links';
import { createVersionIntegrity } from '../features/deploys/version-integrity';
import deployRoutes from '../features/deploys/deploy.routes';
import { isSqlite } from '../platform/sqlite/database-plugin';
import { HttpError } from '../platform/http/errors';
import type { AppDeps, GivenDeps } from './deps';

/** What the deploy API answers where it is off (a storage without a shared DATA_DIR: the Firebase home). */
export const REMOTE_DEPLOYS_OFF =
  'Remote deploys are off on this home: a version is kept in the server’s data folder, which its instances do not share. Deploy the remotes with the site (npm run deploy:firebase).';

export async function registerPagesAndDeploys(
  app: FastifyInstance,
  { options, storage, deps, given }: { options: AppOptions; storage: Storage; deps: AppDeps; given: GivenDeps },
) {
  // Public pages rendered on the server, by the deployed entries in a sandboxed child process (features/pages/render-sandbox.ts;
  // compiled, the child's script is copied to dist/features/pages by scripts/build-server.mjs).
  const pageContent = createPageContent(deps.content, options.dataDir);
  const renderer = createServerRenderer({
    shellDir: options.shellDir,
    publicSite: options.remotes['public-site'],
    brand: deps.identity.displayName,
    backend: createHttpBackend({ baseUrl: '', fetch: injectFetch(app), store: memoryStore() }),
    log: app.log,
    sandboxChild: path.join(CODE_ROOT, 'features', 'pages', 'render-sandbox-child.cjs'),
    ...(given.renderTimeoutMs ? { renderTimeoutMs: given.renderTimeoutMs } : {}),
    // Read at render time, after `integrity` below exists: a live version's entry runs only as uploaded.
    versionIntegrity: (version) => integrity.recordOf('public-site', version),
  });
  app.addHook('onClose', async () => renderer.close());
  // The gate smoke-renders every public page of a new public-site version in the sandbox before it may go live.
  const serverEntryCheck: ServerEntryCheck = async ({ remote, entryFile }) => {
    if (remote === 'public-site') await renderer.smokeRender(entryFile, await pageContent.sitemapPaths());
  };

  // Each remote's versions, deployed on their own by a team's CI (docs/deploy.md): the deploy API with its tokens,
  // the admin's view of it, and the versions' files.
  const deploysRepo = storage.deploys;
  const deploys: RemoteDeploys = createRemoteDeploys({
    dataDir: options.dataDir,
    shellDir: options.shellDir,
    remotes: options.remotes,
    keep: options.deploys.keep,
    limits: options.deploys.limits,
    repo: deploysRepo,
    now: options.now,
    log: app.log,
    serverEntryCheck: given.serverEntryCheck ?? serverEntryCheck,
  });
  // A version's files are kept in DATA_DIR/remotes, which is the storage's own folder only on SQLite. With another
  // storage (Firestore: the Firebase home) DATA_DIR is a function instance's scratch folder, seen by no other instance
  // and lost with it, so a version uploaded there would be live on one instance only: the deploy API is off, and the
  // remotes are served as built (firebase/README.md, "What the server keeps where").
  if (isSqlite(storage)) {
    await app.register(deployRoutes, {
      prefix: '/api/deploy',
      deploys,
      repo: deploysRepo,
      uploadLimitBytes: options.deploys.limits.uploadBytes,
    });
  } else {
    app.log.info('remote deploys are off: their files need a DATA_DIR every instance shares (SQLite home only)');
    app.all('/api/deploy/*', async () => {
      throw new HttpError(503, REMOTE_DEPLOYS_OFF);
    });
  }
  // Each deployed file is served only as uploaded, and the shell pins the live versions' manifests and entries
  // (features/deploys/version-integrity.ts); an uploaded version is seen behind her signed preview address only.
  const integrity = createVersionIntegrity({ repo: deploysRepo, versionDir: deploys.versionDir });
  const previews = createPreviewLinks({ now: options.now });
  await app.register(serveVersions, { options, deploys, integrity, previews, sessions: deps.sessions });
  return { renderer, pageContent, deploys, integrity, previews };
}
