// The answer to a form posted without JavaScript: the server renders the page again with it
// (server/src/features/bookings/bookings.routes.ts), so the page shows what happened to what she sent. In the browser there is none:
// with JavaScript on, the form sends by itself and keeps its own state.
import { createContext, useContext, useLayoutEffect, type RefObject } from 'react';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';

export const PlainFormPostContext = createContext<PlainFormPost | undefined>(undefined);

export const usePlainFormPost = (): PlainFormPost | undefined => useContext(PlainFormPostContext);

/**
 * A form rendered by the server is usable before the page's script runs (and without it: it then posts as a plain
 * form). What the visitor typed before hydration is in the fields but not in the state, and the first render after
 * would overwrite it: in the hydration's own commit, before any other render, the state takes it from the fields.
 * Once: later edits go through the fields' handlers (on a form rendered in the browser the fields hold the state, and
 * nothing changes).
 */
export function useTypedBeforeHydration<V extends object>(
  form: RefObject<HTMLFormElement | null>,
  values: V,
  change: (field: keyof V, typed: string | boolean) => void,
): void {
  useLayoutEffect(() => {
    if (!form.current) return;
    for (const el of Array.from(form.current.elements)) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement))
        continue;
      const field = el.name as keyof V;
      if (!(field in values)) continue;
      const typed = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value;
      if (typed !== values[field]) change(field, typed);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
