// CSRF protection for every state-changing API request: a double-submit token (security-kit's 32-byte hex token as
// both the X-CSRF-Token header and the studio_csrf cookie, which another site can neither read nor set), and a refusal
// of requests the browser marks as cross-site. The session cookie is SameSite=Strict besides.
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, isCsrfTokenFormat } from '@studio/security-kit';
import { sendError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the request goes to the API, judged by the path the router matched rather than the raw URL: the router
 * decodes percent-escapes, so "/%61pi/x" reaches the route "/api/x" while its raw URL does not start with "/api/".
 * An undecodable path is treated as an API path, so a malformed URL can never skip the check.
 */
function isApiRequest(routeUrl: string | undefined, rawUrl: string): boolean {
  let path = routeUrl;
  if (path === undefined) {
    const raw = rawUrl.split('?')[0] ?? '';
    try {
      path = decodeURIComponent(raw);
    } catch {
      return true;
    }
  }
  return path === '/api' || path.startsWith('/api/');
}
export const CSRF_REFUSED =
  'This request was refused: its security token is missing or wrong. Reload the page and try again.';

export default fp(
  async function csrf(app) {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE.has(request.method) || !isApiRequest(request.routeOptions.url, request.url)) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') return sendError(reply, 403, CSRF_REFUSED);
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      const cookie = request.cookies[CSRF_COOKIE];
      if (!isCsrfTokenFormat(header) || !isCsrfTokenFormat(cookie)) return sendError(reply, 403, CSRF_REFUSED);
      if (!timingSafeEqual(Buffer.from(header), Buffer.from(cookie))) return sendError(reply, 403, CSRF_REFUSED);
    });
  },
  // The cookie parser must run first: the token pair is half a cookie.
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
