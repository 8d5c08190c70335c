// The site answers on two origins. The public origin runs public-site's code, which a public-site deploy token may
// change (docs/deploy.md section 8); the admin origin holds her dashboard, the sign-in and admin API and her cookies.
// A script on one origin can neither read the other's answers (no CORS is ever granted) nor, with her cookies
// host-only, borrow her session on its own origin. The origin a request was addressed to is read from its Host, or
// from X-Forwarded-Host when the peer is a proxy TRUST_PROXY names (Fastify's request.host).
import type { FastifyRequest } from 'fastify';

export type SiteOrigin = 'public' | 'admin';

export interface SiteOrigins {
  publicOrigin: string;
  adminOrigin: string;
}

/** Which of the two origins a request was addressed to: the admin origin's host exactly, else the public one. */
export function siteOriginOf(request: Pick<FastifyRequest, 'host'>, { adminOrigin }: Pick<SiteOrigins, 'adminOrigin'>) {
  return hostOf(request.host) === new URL(adminOrigin).host ? 'admin' : 'public';
}

/** A Host header as URL's `host` writes it: lower case, without the scheme's default port. */
function hostOf(host: string | undefined): string {
  if (!host) return '';
  try {
    return new URL(`http://${host}`).host;
  } catch {
    return '';
  }
}

const underOrAt = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Her API: the admin routes, sign-in, sign-out and the passkey steps. Answered on the admin origin only. */
export const isAdminApiPath = (path: string) => underOrAt(path, '/api/admin') || underOrAt(path, '/api/auth');

/** Her pages: the dashboard and the sign-in link's page. Redirected to the admin origin from the public one. */
export const isAdminPagePath = (path: string) =>
  underOrAt(path.toLowerCase(), '/admin') || /^\/finishsignin\/?$/i.test(path);

/**
 * The path a router would match: percent-escapes decoded ("/%61pi/admin" reaches "/api/admin"), and an undecodable
 * path kept as sent (the router refuses it as well).
 */
export function decodedPath(rawUrl: string): string {
  const raw = rawUrl.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
