import { createRoot, hydrateRoot } from 'react-dom/client';
import { authStore } from '@studio/shared/auth-store';
import { BackendProvider, createQueryCache, type QueryKey } from '@studio/shared/data';
import { backend } from '@studio/shared/backend';
// The monitor's own subpath: the kit's index would put the sanitiser (DOMPurify) into every first load.
import { securityMonitor, watchCspViolations } from '@studio/security-kit/monitor';
import { readRuntimeConfig } from './runtime-config';
import { configureRemotes } from './features/remotes/remote-loader';
import { App } from './app/app';
import './styles/global.css';

// Record CSP violations seen in the page from the first script on, so the /security-test monitor lists them.
watchCspViolations(securityMonitor);

const config = readRuntimeConfig();
configureRemotes(config);

// The adapter knows whether this browser may hold a session: a first visit gets null without an auth request.
backend.auth.current().then(
  (user) => authStore.getState().setUser(user),
  () => authStore.getState().setUser(null),
);
backend.auth.onChange((user) => authStore.getState().setUser(user));

// A server-rendered page carries the answers it was rendered with (server/src/features/pages/server-render.ts): the cache
// starts with them, so the page hydrates from the same data and nothing is fetched again.
const embedded = document.getElementById('studio-data')?.textContent;
const data = embedded ? (JSON.parse(embedded) as Array<[QueryKey, unknown]>) : null;

const root = document.getElementById('root');
if (root) {
  const cache = createQueryCache();
  for (const [key, value] of data ?? []) cache.set(key, value);
  const app = (
    <BackendProvider backend={backend} cache={cache}>
      <App brand={config.modelName} />
    </BackendProvider>
  );
  // The server's HTML is taken over, not replaced: no flash, no layout shift.
  if (data && root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
