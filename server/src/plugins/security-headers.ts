// Security headers on every answer (docs/architecture.md: CSP, HSTS, nosniff, referrer and permissions policies).
// Scripts come only from this origin (the federation runtime loads remote entries and chunks as <script src>, never
// eval or inline); styles allow 'unsafe-inline' because the remotes inject their component CSS as <style> tags.
import fp from 'fastify-plugin';

export const REEL_EMBED_ORIGIN = 'https://www.instagram.com';

export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${REEL_EMBED_ORIGIN}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${REEL_EMBED_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export default fp(
  async function securityHeaders(app, options: { https: boolean }) {
    const csp = contentSecurityPolicy();
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Content-Security-Policy', csp);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply.header(
        'Permissions-Policy',
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      );
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      if (options.https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      return payload;
    });
  },
  { name: 'security-headers' },
);
