// Security headers on every answer (docs/architecture.md: CSP, HSTS, nosniff, referrer and permissions policies).
// Scripts come only from this origin (the federation runtime loads remote entries and chunks as <script src>, never
// eval or inline) and the one embed script of the UGC reels; styles allow 'unsafe-inline' because the remotes inject
// their component CSS as <style> tags.
import fp from 'fastify-plugin';

export const REEL_EMBED_ORIGIN = 'https://www.instagram.com';
/**
 * TikTok's video player (public-site's TIKTOK_PLAYER_ORIGIN): a frame only. TikTok's embed script is not allowed: its
 * player page needs none on this site.
 */
export const TIKTOK_PLAYER_ORIGIN = 'https://www.tiktok.com';
/**
 * The reels' embed script, by its exact URL (public-site's EMBED_SCRIPT_URL): naming the whole origin in script-src
 * would let any script Instagram serves run on the site. Its posts render in frames of the origin.
 */
export const REEL_EMBED_SCRIPT = `${REEL_EMBED_ORIGIN}/embed.js`;

/**
 * Where the browser's Firebase Auth calls go on the Firebase home (the e-mail link is sent and spent by the firebase
 * package in her browser, features/auth/firebase-sign-in.ts): Google's Identity Toolkit and token service, or the
 * Auth emulator when the site runs against one. The embedded home makes no such call.
 */
export function firebaseAuthConnectSources(firebase: { authEmulatorHost: string | undefined }): string[] {
  if (firebase.authEmulatorHost) return [`http://${firebase.authEmulatorHost}`];
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
}

/**
 * Where her browser sends an upload's bytes on the Firebase home, straight to the bucket through the upload session
 * the server opens (docs/decisions/012-her-files-go-straight-to-the-bucket-on-firebase.md): Cloud Storage, or the
 * stand-in STORAGE_EMULATOR_HOST names when the site runs against one.
 */
export function bucketUploadConnectSources(firebase: { storageEmulatorHost?: string | undefined }): string[] {
  const emulator = firebase.storageEmulatorHost;
  if (emulator) return [new URL(/^https?:\/\//.test(emulator) ? emulator : `http://${emulator}`).origin];
  return ['https://storage.googleapis.com'];
}

/** The policy; `connectSources` are origins beyond this one the page's scripts may call (the Firebase home's Auth and bucket). */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${REEL_EMBED_SCRIPT}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    `frame-src ${REEL_EMBED_ORIGIN} ${TIKTOK_PLAYER_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export default fp(
  async function securityHeaders(app, options: { https: boolean; connectSources?: readonly string[] }) {
    const csp = contentSecurityPolicy(options.connectSources);
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
