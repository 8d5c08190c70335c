// CSRF protection for every state-changing API request: a double-submit token (security-kit's 32-byte hex token as
// both the X-CSRF-Token header and the studio_csrf cookie, which another site can neither read nor set), and a refusal
// of requests the browser marks as cross-site. The session cookie is SameSite=Strict besides.
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, isCsrfTokenFormat } from '@studio/security-kit';
import { sendError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_REFUSED = 'This request was refused: its security token is missing or wrong. Reload the page and try again.';

export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') return sendError(reply, 403, CSRF_REFUSED);
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    const cookie = request.cookies[CSRF_COOKIE];
    if (!isCsrfTokenFormat(header) || !isCsrfTokenFormat(cookie)) return sendError(reply, 403, CSRF_REFUSED);
    if (!timingSafeEqual(Buffer.from(header), Buffer.from(cookie))) return sendError(reply, 403, CSRF_REFUSED);
  });
}
