// Serves each remote's deployed versions at <remote path>v/<version>/ from DATA_DIR/remotes/<remote>/<version>/.
// A version's folder never changes (its name is its content's hash), so every file in it, its manifest and
// remoteEntry.js included, is cached for a year: a new version has new URLs, and the shell's HTML, never cached
// stale, names the live one. Only the live version and the one before it (for pages opened before the switch) are
// served: an uploaded version that never went live, or one long replaced, answers 404 on the site's origin, so a
// deploy token cannot put pages or scripts on her origin by uploading alone. An upload being unpacked (.incoming-*)
// never is. A file is served only as it was uploaded (version-integrity.ts): one added or changed on disk since is
// refused.
//
// An uploaded version is previewed behind a signed, expiring address (preview-links.ts): a page of the site with
// `?studio-preview=<token>`, for her session only, renders the shell with that version of the remote, and the
// version's files are served under /preview/<token>/. Both are sent with a sandboxing CSP (no allow-same-origin: the
// page and its scripts run in an opaque origin, so they reach neither her cookies nor her APIs), noindex and no-store.
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathProblem, VERSION_FORMAT } from './unpack';
import type { RemoteDeploys } from './remote-deploys';
import { REMOTE_NAMES, type RemoteName } from './remote-names';
import { PREVIEW_PARAM, previewFilesPath, type PreviewLinks } from './preview-links';
import type { VersionIntegrity, ServeCheck } from './version-integrity';
import type { AppOptions, RemoteMount } from '../../platform/config';
import { SESSION_COOKIE, type SessionStore } from '../auth';
import { sendError } from '../../platform/http/errors';
import { NOT_ADMIN, NOT_SIGNED_IN } from '../auth';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const FILE_CHANGED = 'This file changed on the server after it was deployed, so it is not served.';
export const PREVIEW_EXPIRED = 'This preview address is not valid (it expired, or it was changed). Ask for a new one.';

/** The remotes' locations a page is rendered with, and that page's HTML (features/pages/static-files.ts). */
export type RenderShellPage = (
  url: string,
  remotes: Record<RemoteName, RemoteMount & { integrity?: Record<string, string> }>,
) => Promise<{ status: number; html: string } | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static files plugin: the shell's HTML for an address, with the given remote locations. */
    renderShellPage: RenderShellPage;
  }
}

/**
 * The policy of everything a preview sends: `sandbox` without allow-same-origin gives the page an opaque origin (its
 * scripts cannot read the site's cookies or storage, and the site's APIs see a cross-origin caller without
 * credentials); the sources are the site's own, as on the site.
 */
export const PREVIEW_CSP = [
  'sandbox allow-scripts allow-forms allow-popups',
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function previewHeaders(reply: FastifyReply) {
  reply
    .header('Content-Security-Policy', PREVIEW_CSP)
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Cache-Control', 'no-store')
    // The sandboxed page is another origin to the browser: its fetch() of the manifest and its crossorigin scripts
    // need this; the files carry no secret (the token in their path is what grants them).
    .header('Access-Control-Allow-Origin', '*')
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
}

/** The version-relative name a request asks for, decoded; undefined when it cannot be a file's name. */
function requestedName(url: string, prefix: string): { version: string; name: string } | undefined {
  const [version = '', ...rest] = (url.slice(prefix.length).split(/[?#]/)[0] ?? '').split('/');
  try {
    return { version, name: decodeURIComponent(rest.join('/')) };
  } catch {
    return undefined;
  }
}

/** Answers a request whose file failed its check; undefined when it may be served. */
function refuse(request: FastifyRequest, reply: FastifyReply, remote: RemoteName, version: string, check: ServeCheck) {
  if (check.ok) return undefined;
  if (check.reason === 'unrecorded') {
    reply.callNotFound();
    return reply;
  }
  request.log.error(
    { remote, version, file: check.file },
    'a deployed file no longer matches what was uploaded; it is not served',
  );
  return sendError(reply, 500, FILE_CHANGED);
}

export interface ServeVersionsOptions {
  options: AppOptions;
  deploys: RemoteDeploys;
  integrity: VersionIntegrity;
  previews: PreviewLinks;
  sessions: Pick<SessionStore, 'resolve'>;
}

async function serveVersions(
  app: FastifyInstance,
  { options, deploys, integrity, previews, sessions }: ServeVersionsOptions,
) {
  for (const remote of REMOTE_NAMES) {
    const prefix = `${options.remotes[remote].urlPath}v/`;
    // Its own scope, so the check runs for these files only.
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const asked = requestedName(request.url, prefix);
        const served = await deploys.servedVersions(remote);
        if (!asked || !VERSION_FORMAT.test(asked.version) || !served.includes(asked.version)) {
          reply.callNotFound();
          return reply;
        }
        return refuse(request, reply, remote, asked.version, await integrity.check(remote, asked.version, asked.name));
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

  // The previewed version's files: the token is the whole grant (a sandboxed page's requests carry no cookies).
  await app.register(async (scope) => {
    // For reply.sendFile only: the route below picks the folder and the name.
    await scope.register(fastifyStatic, { root: deploys.remoteRoot('public-site'), serve: false, preCompressed: true });
    scope.addHook('onSend', async (_request, reply, payload) => {
      // After the site's own headers (a scope's hooks run after the root's): the preview's policy replaces the site's.
      previewHeaders(reply);
      return payload;
    });
    scope.get<{ Params: { token: string; '*': string } }>('/preview/:token/*', async (request, reply) => {
      const grant = previews.verify(request.params.token);
      if (!grant) return sendError(reply, 404, PREVIEW_EXPIRED);
      const { remote, version } = grant;
      const kept = await deploys.list(remote);
      if (!kept.versions.some((v) => v.version === version)) return sendError(reply, 404, PREVIEW_EXPIRED);
      const name = request.params['*'];
      if (pathProblem(name) || name === '') return sendError(reply, 404, PREVIEW_EXPIRED);
      const refused = refuse(request, reply, remote, version, await integrity.check(remote, version, name));
      if (refused) return refused;
      return reply.sendFile(name, deploys.versionDir(remote, version));
    });
  });

  // A page of the site with the previewed version of one remote: her session and a valid token, or nothing.
  const previewPages = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.includes(`${PREVIEW_PARAM}=`)) return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/preview/') || pathname.startsWith('/remotes/')) return;
    previewPages.add(request);
    const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (!session) return sendError(reply, 401, NOT_SIGNED_IN);
    if (!session.user.isAdmin) return sendError(reply, 403, NOT_ADMIN);
    const token = new URLSearchParams(request.url.slice(pathname.length)).get(PREVIEW_PARAM) ?? undefined;
    const grant = previews.verify(token);
    if (!grant || !token) return sendError(reply, 404, PREVIEW_EXPIRED);
    const { remote, version } = grant;
    const kept = await deploys.list(remote);
    if (!kept.versions.some((v) => v.version === version)) return sendError(reply, 404, PREVIEW_EXPIRED);
    const urlPath = previewFilesPath(token);
    const located = await deploys.snapshot();
    const page = await app.renderShellPage(request.url, {
      ...located,
      [remote]: {
        dir: deploys.versionDir(remote, version),
        urlPath,
        integrity: await integrity.pins(remote, version, urlPath),
      },
    });
    if (!page) return sendError(reply, 503, 'The site has not been built yet.');
    return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Registered after the security headers plugin, so this runs after it and its policy is the one sent.
    if (previewPages.has(request)) previewHeaders(reply);
    return payload;
  });
}

// Not encapsulated: the preview page's hooks see every page address.
export default fp(serveVersions, { name: 'serve-versions', dependencies: ['@fastify/cookie'] });
