// False while a server-rendered page is rendered on the server and while the browser hydrates it, true from the first
// render after: a form sent by the server stays disabled until its handlers are attached, so nothing typed or clicked
// before then is lost (hydration would reset the fields to their state, and a click would do nothing).
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
