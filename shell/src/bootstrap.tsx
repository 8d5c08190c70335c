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

const SESSION_HINT_COOKIE = 'studio_has_session';

// Record CSP violations seen in the page from the first script on, so the /security-test monitor lists them.
watchCspViolations(securityMonitor);

const config = readRuntimeConfig();
configureRemotes(config);

// Only a browser that holds a session asks the server who is signed in; a first visit makes no auth request.
if (document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))) {
  backend.auth
    .current()
    .then((user) => authStore.getState().setUser(user))
    .catch(() => authStore.getState().setUser(null));
} else {
  authStore.getState().setUser(null);
}
backend.auth.onChange((user) => authStore.getState().setUser(user));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BackendProvider backend={backend}>
      <App brand={config.modelName} />
    </BackendProvider>,
  );
}
