// The only script a server-rendered public page loads before the visitor does something, so the first load stays
// within each public route's script budget (e2e/tests/budgets.spec.ts): a few hundred bytes of plain TypeScript, no
// React. The page reads, links and posts its forms without any script; its interactive parts are marked in the
// server's HTML as islands (`data-island="<name>"` on each one's root element). The first interaction with an island
// (pointer, touch, focus or key) loads the shell's app (main.js: React, the federation runtime, the public-site
// remote), which hydrates the server's markup as before (bootstrap.tsx): same providers, same data (the JSON the page
// embeds), so nothing is fetched again and nothing shifts.
//
// The click that follows the first touch is held and replayed once React owns its target, so the first tap is not
// lost (a logo link would otherwise navigate, a button do nothing). A browser that may hold a session (the cookie
// the server sets beside the HttpOnly one) loads the app at once: the admin's navbar and buttons come with it.
//
// The whole root hydrates, not each island apart: measured on this build, the shell's main.js alone is 120 KB gzip
// (React and the federation runtime), so no island could hydrate within /book-me's 100 KB before interaction anyway,
// and one root keeps the markup, the Suspense boundaries and useId's identifiers exactly as the server rendered them.

const ISLAND = '[data-island]';
const TRIGGERS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** The cookie of shared/src/backend/http/index.ts (SESSION_HINT_COOKIE). */
const SESSION_HINT_COOKIE = 'studio_has_session';
/** How long a held click waits for React to take its target over before it is given up. */
const REPLAY_WITHIN_MS = 30_000;
const POLL_MS = 25;
/** ugc-reels.tsx's EMBED_SCRIPT_URL and script id. */
const INSTAGRAM_EMBED_URL = 'https://www.instagram.com/embed.js';
const INSTAGRAM_SCRIPT_ID = 'instagram-embed-script';
/** The theme toggle needs no React: it is handled here until the app, if it ever loads, takes it over. */
const THEME_TOGGLE = '[data-island="theme-toggle"]';
/** Nor does the comp card's Print button (window.print()). */
const PRINT = '[data-island="print"]';
/**
 * Form fields whose click does its work in the browser itself (a tick, a radio, a caret, a label passing its click
 * on): their click is not held. Held, a tick would show only once React had loaded, and a visitor ticking the box on a
 * slow phone would see nothing happen; given at once, the form's first render after hydration takes it from the field
 * (public-site's useTypedBeforeHydration). Buttons, links and submit inputs are held: their work is React's.
 */
const NATIVE_FIELD =
  'input:not([type="submit"]):not([type="button"]):not([type="image"]):not([type="reset"]), select, textarea, label';
/** features/theme/theme.ts's THEME_STORAGE_KEY, read by theme-init.js too. */
const THEME_STORAGE_KEY = 'studio-theme';

const script = document.currentScript as HTMLScriptElement | null;
const appSrc = script?.dataset.app;
let loading = false;

const island = (target: EventTarget | null): Element | null =>
  target instanceof Element ? target.closest(ISLAND) : null;

/**
 * React has hydrated an element once it holds React's props on it (what its event delegation reads). A control the
 * server rendered disabled because it needs the script (below) counts once React's own render has enabled it: React
 * ignores a click on an element whose props say disabled.
 */
const hydrated = (node: Element) => {
  const key = Object.keys(node).find((k) => k.startsWith('__reactProps$'));
  return (
    key !== undefined && (node as unknown as Record<string, { disabled?: boolean } | undefined>)[key]?.disabled !== true
  );
};

/**
 * Controls that work only with the script are disabled in the server's HTML (public-site's useHydrated) and marked
 * `data-script-control`: with the loader on the page the script is one touch away, so they are enabled, and their
 * first click loads the app and is replayed once React has enabled them too.
 */
function enableScriptControls(): void {
  for (const control of document.querySelectorAll(`${ISLAND} [data-script-control][disabled]`)) {
    control.removeAttribute('disabled');
  }
}

function loadApp(): void {
  if (loading || !appSrc) return;
  loading = true;
  document.documentElement.dataset.islands = 'loading';
  for (const type of TRIGGERS) document.removeEventListener(type, onTrigger, true);
  const app = document.createElement('script');
  app.src = appSrc;
  app.async = true;
  app.onerror = () => {
    // A failed load (offline) leaves the page as it is, readable and working as plain HTML; the next touch retries.
    loading = false;
    app.remove();
    delete document.documentElement.dataset.islands;
    listen();
  };
  document.head.append(app);
}

function onTrigger(event: Event): void {
  const root = island(event.target);
  if (root && !root.matches(THEME_TOGGLE) && !root.matches(PRINT)) loadApp();
}

type Theme = 'light' | 'dark';

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

const themeInForce = (): Theme =>
  storedTheme() ?? (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

/** The toggle names what it will do; its icon follows the theme by the stylesheet alone. */
function labelThemeToggles(): void {
  const dark = themeInForce() === 'dark';
  for (const toggle of document.querySelectorAll<HTMLElement>(THEME_TOGGLE)) {
    if (hydrated(toggle)) continue;
    const label = dark ? toggle.dataset.labelToLight : toggle.dataset.labelToDark;
    if (!label) continue;
    toggle.setAttribute('aria-label', label);
    toggle.title = label;
  }
}

function toggleTheme(): void {
  const next: Theme = themeInForce() === 'dark' ? 'light' : 'dark';
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not remembered when storage is blocked; it still applies to this page.
  }
  document.documentElement.setAttribute('data-theme', next);
  labelThemeToggles();
}

/** Holds a click on an island that React has not taken over yet, and gives it again once it has. */
function onClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element) || !island(target) || hydrated(target) || !event.isTrusted) return;
  if (target.closest(NATIVE_FIELD)) return loadApp();
  event.preventDefault();
  event.stopImmediatePropagation();
  const toggle = target.closest(THEME_TOGGLE);
  if (toggle && !hydrated(toggle)) return toggleTheme();
  if (target.closest(PRINT)) return window.print();
  loadApp();
  const until = Date.now() + REPLAY_WITHIN_MS;
  const replay = () => {
    if (!target.isConnected || Date.now() > until) return;
    if (!hydrated(target)) return void setTimeout(replay, POLL_MS);
    // Gone are the page's own handlers of this click: the replayed one is the one React answers.
    target.dispatchEvent(
      new MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        composed: true,
        detail: event.detail,
        clientX: event.clientX,
        clientY: event.clientY,
        button: event.button,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
      }),
    );
  };
  replay();
}

function listen(): void {
  for (const type of TRIGGERS) document.addEventListener(type, onTrigger, { capture: true, passive: true });
}

/**
 * Instagram reels turn from links into players when they come near, as ugc-reels.tsx's enhanceReels does once
 * hydrated (same script id, so the two never load it twice): the reels need Instagram's script, not React.
 */
function enhanceReelsNear(): void {
  const reel = document.querySelector(`${ISLAND} blockquote.instagram-media`);
  if (!reel || typeof IntersectionObserver === 'undefined') return;
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      near.disconnect();
      const load = () => {
        if (document.getElementById(INSTAGRAM_SCRIPT_ID)) return;
        const embed = document.createElement('script');
        embed.id = INSTAGRAM_SCRIPT_ID;
        embed.src = INSTAGRAM_EMBED_URL;
        embed.async = true;
        embed.addEventListener('load', () =>
          (window as { instgrm?: { Embeds: { process(): void } } }).instgrm?.Embeds.process(),
        );
        // Removed so that a later visit (back online) tries again; the plain links already work.
        embed.addEventListener('error', () => embed.remove());
        document.body.append(embed);
      };
      if (navigator.onLine) load();
      else window.addEventListener('online', load, { once: true });
    },
    { rootMargin: '200px 0px' },
  );
  near.observe(reel);
}

listen();
document.addEventListener('click', onClick, true);
labelThemeToggles();
enableScriptControls();
enhanceReelsNear();
if (document.cookie.split('; ').some((c) => c.replace(/^__Host-/, '').startsWith(`${SESSION_HINT_COOKIE}=`))) loadApp();
