// The answer to a form posted without JavaScript: the server renders the page again with it
// (server/src/features/bookings/bookings.routes.ts), so the page shows what happened to what she sent. In the browser there is none:
// with JavaScript on, the form sends by itself and keeps its own state.
import { createContext, useContext, useLayoutEffect, type RefObject } from 'react';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import { useHydrated } from '../components/use-hydrated';

export const PlainFormPostContext = createContext<PlainFormPost | undefined>(undefined);

export const usePlainFormPost = (): PlainFormPost | undefined => useContext(PlainFormPostContext);

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What the server rendered into a control: its value attribute, its `selected` option or `checked` attribute. */
function renderedValue(el: Control): string | boolean {
  if (el instanceof HTMLSelectElement) {
    const options = Array.from(el.options);
    return (options.find((o) => o.defaultSelected) ?? options[0])?.value ?? '';
  }
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.defaultChecked;
  return el.defaultValue;
}

/**
 * What the visitor typed, ticked or chose in a server-rendered form before its script took over: each named control
 * whose value is no longer the one the server rendered, in the form's order, with its value now (a checkbox's checked
 * state; a radio group's by the radio she checked).
 */
export function changedBeforeHydration(form: HTMLFormElement): Array<[string, string | boolean]> {
  const changed: Array<[string, string | boolean]> = [];
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement))
      continue;
    if (!el.name || (el instanceof HTMLSelectElement && el.multiple)) continue;
    const checkable = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
    const now = checkable ? el.checked : el.value;
    if (now === renderedValue(el)) continue;
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (el.checked) changed.push([el.name, el.value]);
    } else changed.push([el.name, now]);
  }
  return changed;
}

/**
 * A form rendered by the server is usable before the page's script runs (and without it: it then posts as a plain
 * form). What the visitor typed, ticked or chose before hydration is in the fields but not in the state, and the first
 * render after would overwrite it: in the hydration's own commit, before any other render, `apply` is given those
 * fields of the form's values (changedBeforeHydration) for the state to take. Once, and only over the server's HTML:
 * later edits go through the fields' handlers, and a form rendered in the browser holds its state from the start (its
 * selects mark no option as the server's).
 */
export function useTypedBeforeHydration<V extends object>(
  form: RefObject<HTMLFormElement | null>,
  values: V,
  apply: (typed: Array<[keyof V, string | boolean]>) => void,
): void {
  const hydrating = !useHydrated();
  useLayoutEffect(() => {
    if (!hydrating || !form.current) return;
    const typed = changedBeforeHydration(form.current).filter(([field]) => field in values);
    if (typed.length > 0) apply(typed as Array<[keyof V, string | boolean]>);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
