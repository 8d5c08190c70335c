import { createRoot } from 'react-dom/client';
import { authStore } from '@studio/shared/auth-store';
import { BackendProvider } from '@studio/shared/data';
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

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BackendProvider backend={backend}>
      <App brand={config.modelName} />
    </BackendProvider>,
  );
}
