// Registers and loads the federated remotes at run time from the manifest URLs of the runtime configuration.
// Only public-site is registered at start; admin-app is registered the first time the admin opens /admin, so a
// visitor's browser never requests a byte of it.
//
// A deployed version's manifest and remote entry are pinned (subresource integrity): the server writes each one's
// SHA-384, recorded at its upload, into the runtime configuration, and the plugin below fetches the manifest and
// loads the entry with it, so the browser refuses either if its bytes differ. The chunks the entry then loads are
// checked by the server before it sends them (server/src/features/deploys/version-integrity.ts), not by the browser.
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RuntimeConfig } from '@studio/shared/domain';
import { siteOrigins } from '../../runtime-config';

export type RemoteKey = 'public-site' | 'admin-app';

const FEDERATION_NAMES: Record<RemoteKey, string> = { 'public-site': 'public_site', 'admin-app': 'admin_app' };

let config: RuntimeConfig | undefined;
const registered = new Set<RemoteKey>();

/** The pin of a URL the runtime asks for (absolute or site-relative), by its path on this site. */
function pinOf(url: string): string | undefined {
  const pins = config?.integrity;
  if (!pins) return undefined;
  const { origin, pathname } = new URL(url, window.location.href);
  return origin === window.location.origin || window.location.origin === 'null' ? pins[pathname] : undefined;
}

export const integrityPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'studio-integrity',
  fetch(url, init) {
    const integrity = pinOf(url);
    return integrity ? fetch(url, { ...init, integrity }) : undefined;
  },
  createScript({ url }) {
    const integrity = pinOf(url);
    if (!integrity) return undefined;
    const script = document.createElement('script');
    script.src = url;
    script.integrity = integrity;
    // Integrity is checked only on a CORS response: anonymous, so no cookie rides along.
    script.crossOrigin = 'anonymous';
    return script;
  },
});

let pluginRegistered = false;

export function configureRemotes(runtimeConfig: RuntimeConfig) {
  config = runtimeConfig;
  if (!pluginRegistered && runtimeConfig.integrity) {
    registerPlugins([integrityPlugin()]);
    pluginRegistered = true;
  }
}

function register(key: RemoteKey, force: boolean) {
  if (!config) throw new Error('Remotes are not configured');
  // Each remote on its own origin only: public-site's code (which its deploy token may change) never runs beside her
  // session, and her dashboard's code is never fetched on a public page. The server refuses their files the same way.
  const origins = siteOrigins();
  if (origins.admin !== origins.public && origins.onAdmin !== (key === 'admin-app'))
    throw new Error(`The ${key} remote is not loaded on this origin`);
  if (registered.has(key) && !force) return;
  // force drops the cached (possibly failed) entry so Retry really fetches the remote again.
  registerRemotes([{ name: FEDERATION_NAMES[key], entry: config.remotes[key] }], { force });
  registered.add(key);
}

/** Loads a remote's exposed ./app; `retry` re-registers it first so a failed entry is fetched anew. */
export async function loadRemoteApp(key: RemoteKey, retry = false): Promise<{ default: ComponentType }> {
  register(key, retry);
  const module = await loadRemote<{ default: ComponentType }>(`${FEDERATION_NAMES[key]}/app`);
  if (!module?.default) throw new Error(`The ${key} remote did not provide its app`);
  return module;
}
