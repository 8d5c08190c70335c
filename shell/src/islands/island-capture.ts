// What a visitor does to an island before its script has taken over, kept from the first byte of the page: this runs in
// the page's head (bundled into /theme-init.js, the one blocking script there, by shell/webpack.config.cjs), so it
// listens before the body is even parsed, while /islands.js (the loader, deferred) and the app are still on their way.
//
// - A click on an island that React does not own yet is held (its default and the page's other handlers are stopped)
//   and kept until the loader connects; the loader gives it again once React owns the target (island-loader.ts).
//   Clicks on native fields pass: a tick, a radio, a chosen option or a caret is the browser's own work and stays in
//   the field, where the form reads it when it hydrates (public-site's useTypedBeforeHydration).
// - A touch, press, focus or edit in an island is intent: the loader loads the app as soon as it runs, even if the
//   visitor did it before the loader had arrived.
// - Controls that need the script (`data-script-control`, rendered disabled for a browser without JavaScript) are
//   enabled once the page is parsed, before the loader: a tap on them is then held like any other.
//
// Kept small: it is render-blocking. No React, no imports beyond island-dom.ts.
import { ISLAND, NATIVE_FIELD, PRINT, THEME_TOGGLE, hydrated } from './island-dom';

export interface HeldClick {
  target: Element;
  /** The visitor's click: the one given again is made from it (its position, button and keys). */
  event: MouseEvent;
}

export interface IslandCapture {
  /**
   * The loader takes over: every held click goes to `onClick` (those held so far at once, in order), and intent on an
   * island (not the theme toggle, which needs no app) to `onIntent`.
   */
  connect(onClick: (click: HeldClick) => void, onIntent: () => void): void;
  /** Gives a held click to its target again; the capture lets this one through. */
  replay(click: HeldClick): void;
}

/** The global the head script leaves for the loader. */
export const CAPTURE_GLOBAL = 'studioIslands';

const INTENT = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

/** `fromVisitor`: whose clicks are held (the browser's own, isTrusted; jsdom's tests, which cannot make trusted ones, say). */
export function installIslandCapture(
  doc: Document,
  fromVisitor: (event: Event) => boolean = (event) => event.isTrusted,
): IslandCapture {
  const held: HeldClick[] = [];
  let intent = false;
  let replaying = false;
  let onClick: ((click: HeldClick) => void) | undefined;
  let onIntent: (() => void) | undefined;

  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (replaying || !(target instanceof Element) || !target.closest(ISLAND) || !fromVisitor(event)) return;
      if (hydrated(target) || target.closest(NATIVE_FIELD)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const click = { target, event };
      if (onClick) onClick(click);
      else held.push(click);
    },
    true,
  );

  const noteIntent = (event: Event) => {
    const island = event.target instanceof Element ? event.target.closest(ISLAND) : null;
    if (!island || island.matches(THEME_TOGGLE) || island.matches(PRINT)) return;
    intent = true;
    onIntent?.();
  };
  for (const type of INTENT) doc.addEventListener(type, noteIntent, { capture: true, passive: true });

  const enableScriptControls = () => {
    if (doc.readyState === 'loading') return;
    doc.removeEventListener('readystatechange', enableScriptControls);
    for (const control of doc.querySelectorAll(`${ISLAND} [data-script-control][disabled]`)) {
      control.removeAttribute('disabled');
    }
  };
  doc.addEventListener('readystatechange', enableScriptControls);
  enableScriptControls();

  return {
    connect(click, wanted) {
      onClick = click;
      onIntent = wanted;
      if (intent) wanted();
      for (const c of held.splice(0)) click(c);
    },
    replay({ target, event }) {
      replaying = true;
      try {
        target.dispatchEvent(new MouseEvent('click', event));
      } finally {
        replaying = false;
      }
    },
  };
}
