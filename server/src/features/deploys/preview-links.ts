// Signed, expiring preview addresses of uploaded versions (docs/deploy.md, "Previews and integrity"). A version that
// never went live is not served on the site's origin (serve-versions.ts); the admin previews it through a token her
// Deployments view asks for: the remote, the version and an expiry, signed with HMAC-SHA256 under a key this process
// draws at start (a restart ends every preview; nothing to keep or leak). The page needs her session besides; the
// version's files, which the sandboxed page loads without cookies, need the token only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VERSION_FORMAT } from './unpack';
import { isRemoteName, type RemoteName } from './remote-names';

/** How long a preview address works. */
export const PREVIEW_TTL_MS = 30 * 60_000;
/** The query parameter that carries the token on a page's address. */
export const PREVIEW_PARAM = 'studio-preview';

export interface PreviewGrant {
  remote: RemoteName;
  version: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const TOKEN_FORMAT = /^([a-z-]+)\.([0-9a-f]{16})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export function createPreviewLinks({ now, ttlMs = PREVIEW_TTL_MS }: { now: () => Date; ttlMs?: number }) {
  const key = randomBytes(32);
  const signatureOf = (remote: string, version: string, expiresAt: number) =>
    createHmac('sha256', key).update(`studio-preview\n${remote}\n${version}\n${expiresAt}`).digest('base64url');

  return {
    ttlMs,
    /** A token for the version, valid until now + ttl. */
    issue(remote: RemoteName, version: string): { token: string; expiresAt: number } {
      const expiresAt = now().getTime() + ttlMs;
      return { token: `${remote}.${version}.${expiresAt}.${signatureOf(remote, version, expiresAt)}`, expiresAt };
    },
    /** The grant a token carries, or null when it is malformed, altered or expired. */
    verify(token: string | undefined): PreviewGrant | null {
      const match = TOKEN_FORMAT.exec(token ?? '');
      if (!match) return null;
      const [, remote = '', version = '', expires = '', signature = ''] = match;
      if (!isRemoteName(remote) || !VERSION_FORMAT.test(version)) return null;
      const expiresAt = Number(expires);
      const expected = Buffer.from(signatureOf(remote, version, expiresAt));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (now().getTime() >= expiresAt) return null;
      return { remote, version, expiresAt };
    },
  };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;

/** Where a token's version's files are served: `/preview/<token>/`. */
export const previewFilesPath = (token: string) => `/preview/${token}/`;
