// CSRF protection for every state-changing API request, one rule on both homes: the Origin header, which every browser
// sets on a fetch that is not a GET or HEAD and which another page cannot forge, must name the origin the request was
// addressed to (her API: the admin origin; public writes: the public origin, platform/http/site-origins.ts), and a request the
// browser marks as cross-site is refused. No token is readable by scripts: a double-submit cookie any script on the
// origin could read was no secret from a deployed remote's code. Her cookies are SameSite=Strict and host-only besides.
// On the admin origin her API also refuses any request a browser marks as sent from another origin of the same site
// (Sec-Fetch-Site: same-site, the public origin is one), reads included, so nothing there even runs for a public page.
import fp from 'fastify-plugin';
import { decodedPath, isAdminApiPath, siteOriginOf, type SiteOrigins } from './site-origins';
import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Authorised by the Authorization header alone (features/deploys/deploy.routes.ts): no cookie, so no Origin is asked. */
    bearerOnly?: boolean;
    /** Authorised by a signature over its body (Stripe's webhook, features/deal/payments.routes.ts): no cookie either. */
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
export const CSRF_REFUSED = 'This request was refused: it was sent from another site. Reload the page and try again.';
export const ORIGIN_REFUSED = 'This request was refused: it was not sent from this site.';

export interface CsrfOptions extends SiteOrigins {
  /**
   * Outside production the public origin the request was addressed to (its Host) counts as the site's too, so the
   * site works at http://127.0.0.1:8080 as well as at the configured http://localhost:8080. Never the admin origin's:
   * hers is matched exactly.
   */
  production: boolean;
}

interface HeaderSource {
  headers: Record<string, string | string[] | undefined>;
  host: string;
}

/**
 * Whether a browser's Origin header names the origin this request was addressed to. "null" (a sandboxed or
 * privacy-stripped origin) never does, and the other of the site's two origins does not either.
 */
function isOwnOrigin(origin: string, request: HeaderSource, options: CsrfOptions): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const addressed = siteOriginOf(request, options);
  const expected = addressed === 'admin' ? options.adminOrigin : options.publicOrigin;
  if (url.origin === new URL(expected).origin) return true;
  return !options.production && addressed === 'public' && url.host === request.host.toLowerCase();
}

/**
 * The rule for a form a page posts without JavaScript (features/pages/plain-forms.routes.ts), the same as every API write's: the
 * browser sets Origin on every form POST and another site cannot forge it. A post without Origin (not a browser, or a
 * very old one) or marked cross-site is refused. No form token in a hidden field: the page is rendered once and kept
 * for every visitor (features/pages/server-render.ts), so it cannot carry a per-visitor secret.
 */
export function formPostRefusal(request: HeaderSource, options: CsrfOptions): string | null {
  if (request.headers['sec-fetch-site'] === 'cross-site') return CSRF_REFUSED;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return ORIGIN_REFUSED;
  return isOwnOrigin(origin, request, options) ? null : ORIGIN_REFUSED;
}

export default fp(
  async function csrf(app, options: CsrfOptions) {
    app.addHook('onRequest', async (request, reply) => {
      const fetchSite = request.headers['sec-fetch-site'];
      if (
        (fetchSite === 'same-site' || fetchSite === 'cross-site') &&
        isAdminApiPath(request.routeOptions.url ?? decodedPath(request.url)) &&
        siteOriginOf(request, options) === 'admin'
      )
        return sendError(reply, 403, ORIGIN_REFUSED);
      if (SAFE.has(request.method) || !isApiRequest(request.routeOptions.url, request.url)) return;
      if (fetchSite === 'cross-site') return sendError(reply, 403, CSRF_REFUSED);
      const origin = request.headers.origin;
      if (origin !== undefined && !isOwnOrigin(origin, request, options)) {
        return sendError(reply, 403, ORIGIN_REFUSED);
      }
      // A route authorised by the Authorization header alone (the deploy API's tokens) or by a signature over its
      // body rides on no cookie, so a forged request has nothing to borrow: the deploy command sends no Origin.
      if (request.routeOptions.config?.bearerOnly === true || request.routeOptions.config?.signedBody === true) return;
      if (origin === undefined) return sendError(reply, 403, ORIGIN_REFUSED);
    });
  },
  { name: 'csrf' },
);
