// Which origin serves what (platform/http/site-origins.ts). On the public origin her API answers as an address the site does
// not have (404) and her pages redirect to the admin origin, so no code a public-site deploy ships can reach them with
// her session. On the admin origin nothing of public-site is served: its pages redirect to the public origin and its
// files answer 404, so the dashboard's origin runs only the shell and admin-app. Registered before the CSRF check and
// every route: a refused address never reaches a handler.
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import path from 'node:path';
import { decodedPath, isAdminApiPath, isAdminPagePath, siteOriginOf, type SiteOrigins } from './site-origins';

export interface OriginSplitOptions extends SiteOrigins {
  /** The URL paths the remotes' files are served under ('/remotes/public-site/', ...). */
  remotePaths: Record<'public-site' | 'admin-app', string>;
  /** The query parameter of her preview of an uploaded version, a page that stays on her origin (features/deploys). */
  previewParam: string;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

// A page address, as the not-found handler of features/pages/static-files.ts tells one from a file.
const isPageAddress = (pathname: string) =>
  !pathname.startsWith('/api/') &&
  pathname !== '/api' &&
  !pathname.startsWith('/remotes/') &&
  !pathname.startsWith('/media/') &&
  !pathname.startsWith('/preview/') &&
  !path.extname(pathname);

function redirect(reply: FastifyReply, origin: string, url: string) {
  // Never cached: which origin holds what is a setting, and a browser should not remember an old one.
  return reply.header('Cache-Control', 'no-store').redirect(`${origin}${url}`, 302);
}

export default fp(
  async function originSplit(app, options: OriginSplitOptions) {
    app.addHook('onRequest', async (request, reply) => {
      const pathname = decodedPath(request.url);
      const routed = request.routeOptions.url;
      if (siteOriginOf(request, options) === 'public') {
        if (isAdminApiPath(routed ?? pathname) || isAdminApiPath(pathname)) return reply.callNotFound();
        if (isAdminPagePath(pathname)) {
          if (isRead(request.method)) return redirect(reply, options.adminOrigin, request.url);
          return reply.callNotFound();
        }
        if (pathname.startsWith(options.remotePaths['admin-app'])) return reply.callNotFound();
        return;
      }
      if (pathname.startsWith(options.remotePaths['public-site'])) return reply.callNotFound();
      if (!isRead(request.method) || !isPageAddress(pathname) || isAdminPagePath(pathname)) return;
      // Her preview of an uploaded version runs sandboxed in an origin of its own (features/deploys/serve-versions.ts).
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      if (new URLSearchParams(query).has(options.previewParam)) return;
      if (pathname === '/') return redirect(reply, options.adminOrigin, '/admin');
      return redirect(reply, options.publicOrigin, request.url);
    });
  },
  { name: 'origin-split' },
);
