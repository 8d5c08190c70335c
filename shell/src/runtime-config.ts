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

/** The Firebase home's sign-in settings, when the server runs there (server/src/plugins/static-files.ts). */
export function firebaseSignInConfig(doc: Document = document) {
  return readRuntimeConfig(doc).firebase;
}
