// False while a server-rendered page is rendered on the server and while the browser hydrates it, true from the first
// render after: what only the browser knows (the page's configuration script) is read once hydrated, so the server's
// HTML and the first browser render agree, and controls that work only with the script stay disabled until then.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
