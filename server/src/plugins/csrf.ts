// CSRF protection for every state-changing API request: a double-submit token (security-kit's 32-byte hex token as
// both the X-CSRF-Token header and the studio_csrf cookie, which another site can neither read nor set), a refusal
// of requests the browser marks as cross-site, and a check of the Origin header a browser sets on every such request
// (issue 14, item 6). A request without Origin (an older browser, a script) still needs the token pair. The session
// cookie is SameSite=Strict besides.
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, isCsrfTokenFormat } from '@studio/security-kit';
import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Authorised by the Authorization header alone (routes/deploy.ts): no cookie, so no CSRF token pair. */
    bearerOnly?: boolean;
    /** Authorised by a signature over its body (Stripe's webhook, routes/payments.ts): no cookie either. */
    signedBody?: boolean;
  }
}

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
export const ORIGIN_REFUSED = 'This request was refused: it was not sent from this site.';

export interface CsrfOptions {
  /** The site's own origin (PUBLIC_ORIGIN): the one Origin a state-changing request may carry in production. */
  publicOrigin: string;
  /**
   * Outside production the origin the request was addressed to (its Host) counts as the site's too, so the site
   * works at http://127.0.0.1:8080 as well as at the configured http://localhost:8080.
   */
  production: boolean;
  /**
   * Behind Firebase Hosting only the `__session` cookie reaches the server, so the token pair's cookie never arrives.
   * There a state-changing request must instead carry an Origin header naming this site, which every browser sets on a
   * fetch that is not a GET or HEAD and which another site cannot forge (OWASP's origin check). A request without one
   * (not a browser, or too old a browser) is refused; the deploy API's bearer routes are exempt as everywhere.
   */
  originOnly?: boolean;
}

/** Whether a browser's Origin header names this site. "null" (a sandboxed or privacy-stripped origin) never does. */
function isOwnOrigin(origin: string, host: string | undefined, { publicOrigin, production }: CsrfOptions): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(publicOrigin).origin) return true;
  return !production && host !== undefined && url.host === host.toLowerCase();
}

/**
 * The rule for a form a page posts without JavaScript (routes/bookings.ts): such a form cannot set the token header,
 * so it is held to the origin check alone, as every request is behind Firebase Hosting (`originOnly`): the browser
 * sets Origin on every form POST and another site cannot forge it. A post without Origin (not a browser, or a very
 * old one) or marked cross-site is refused. A form token in a hidden field is not used because the page is rendered
 * once and kept for every visitor (lib/server-render.ts), so it cannot carry a per-visitor secret.
 */
export function formPostRefusal(
  request: { headers: Record<string, string | string[] | undefined> },
  options: CsrfOptions,
): string | null {
  if (request.headers['sec-fetch-site'] === 'cross-site') return CSRF_REFUSED;
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (typeof origin !== 'string') return ORIGIN_REFUSED;
  return isOwnOrigin(origin, typeof host === 'string' ? host : undefined, options) ? null : ORIGIN_REFUSED;
}

export default fp(
  async function csrf(app, options: CsrfOptions) {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE.has(request.method) || !isApiRequest(request.routeOptions.url, request.url)) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') return sendError(reply, 403, CSRF_REFUSED);
      const origin = request.headers.origin;
      if (origin !== undefined && !isOwnOrigin(origin, request.headers.host, options)) {
        return sendError(reply, 403, ORIGIN_REFUSED);
      }
      // A route authorised by the Authorization header alone (the deploy API's tokens) rides on no cookie, so a forged
      // cross-site request has nothing to borrow: no token pair is asked of the deploy command.
      if (request.routeOptions.config?.bearerOnly === true || request.routeOptions.config?.signedBody === true) return;
      if (options.originOnly) {
        if (origin === undefined) return sendError(reply, 403, ORIGIN_REFUSED);
        return;
      }
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      const cookie = request.cookies[CSRF_COOKIE];
      if (!isCsrfTokenFormat(header) || !isCsrfTokenFormat(cookie)) return sendError(reply, 403, CSRF_REFUSED);
      if (!timingSafeEqual(Buffer.from(header), Buffer.from(cookie))) return sendError(reply, 403, CSRF_REFUSED);
    });
  },
  // The cookie parser must run first: the token pair is half a cookie.
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
