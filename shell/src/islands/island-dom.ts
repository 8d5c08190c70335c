// What the head's capture (island-capture.ts) and the loader (island-loader.ts) both read of the server's markup.

/** An island's root: the server marks each interactive part of a page with `data-island="<name>"`. */
export const ISLAND = '[data-island]';
/** The theme toggle needs no React: the loader handles it until the app, if it ever loads, takes it over. */
export const THEME_TOGGLE = '[data-island="theme-toggle"]';
/** Nor does the comp card's Print button (window.print()). */
export const PRINT = '[data-island="print"]';
/**
 * Form fields whose click does its work in the browser itself (a tick, a radio, a caret, a label passing its click
 * on): their click is not held. Held, a tick would show only once React had loaded, and a visitor ticking the box on a
 * slow phone would see nothing happen; given at once, the form's first render after hydration takes it from the field
 * (public-site's useTypedBeforeHydration). Buttons, links and submit inputs are held: their work is React's.
 */
export const NATIVE_FIELD =
  'input:not([type="submit"]):not([type="button"]):not([type="image"]):not([type="reset"]), select, textarea, label';

/**
 * React has hydrated an element once it holds React's props on it (what its event delegation reads). A control the
 * server rendered disabled because it needs the script (public-site's useHydrated, marked `data-script-control`)
 * counts once React's own render has enabled it: React ignores a click on an element whose props say disabled.
 */
export function hydrated(node: Element): boolean {
  const key = Object.keys(node).find((k) => k.startsWith('__reactProps$'));
  return (
    key !== undefined && (node as unknown as Record<string, { disabled?: boolean } | undefined>)[key]?.disabled !== true
  );
}
