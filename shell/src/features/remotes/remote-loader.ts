// Registers and loads the federated remotes at run time from the manifest URLs of the runtime configuration.
// Only public-site is registered at start; admin-app is registered the first time the admin opens /admin, so a
// visitor's browser never requests a byte of it.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RuntimeConfig } from '@studio/shared/domain';

export type RemoteKey = 'public-site' | 'admin-app';

const FEDERATION_NAMES: Record<RemoteKey, string> = { 'public-site': 'public_site', 'admin-app': 'admin_app' };

let config: RuntimeConfig | undefined;
const registered = new Set<RemoteKey>();

export function configureRemotes(runtimeConfig: RuntimeConfig) {
  config = runtimeConfig;
}

function register(key: RemoteKey, force: boolean) {
  if (!config) throw new Error('Remotes are not configured');
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
