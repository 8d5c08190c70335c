// The runtime configuration the server writes into index.html (remote manifest URLs etc.), so a remote can be
// redeployed without rebuilding the shell.
import type { RuntimeConfig } from '@studio/shared/domain';

const DEFAULTS: RuntimeConfig = {
  remotes: {
    'public-site': '/remotes/public-site/mf-manifest.json',
    'admin-app': '/remotes/admin-app/mf-manifest.json',
  },
  modelName: 'Ava Monroe',
};

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById('studio-config')?.textContent ?? '';
  try {
    const parsed = JSON.parse(text) as Partial<RuntimeConfig>;
    return { ...DEFAULTS, ...parsed, remotes: { ...DEFAULTS.remotes, ...parsed.remotes } };
  } catch {
    return DEFAULTS;
  }
}

/** The Firebase home's sign-in settings, when the server runs there (server/src/features/pages/static-files.ts). */
export function firebaseSignInConfig(doc: Document = document) {
  return readRuntimeConfig(doc).firebase;
}

export interface SiteOrigins {
  /** The public pages' origin, where public-site runs. */
  public: string;
  /** Her origin: the dashboard, sign-in and her cookies; admin-app runs there and nothing of public-site does. */
  admin: string;
  /** Whether this page is on her origin. */
  onAdmin: boolean;
}

/**
 * The site's two origins as the server names them (server/src/platform/http/site-origins.ts). Without them (a page rendered on
 * the server, or a build served by an older server) this page's own origin stands for both, and it is the public one.
 */
export function siteOrigins(): SiteOrigins {
  const here = typeof window === 'undefined' ? '' : window.location.origin;
  const given = typeof document === 'undefined' ? undefined : readRuntimeConfig(document).origins;
  if (!given) return { public: here, admin: here, onAdmin: false };
  return { public: given.public, admin: given.admin, onAdmin: here === new URL(given.admin).origin };
}
