// With the head script (/theme-init.js), the only script a server-rendered public page loads before the visitor does
// something, so the first load stays within each public route's script budget (e2e/tests/budgets.spec.ts): about a
// kilobyte of plain TypeScript, no React. The page reads, links and posts its forms without any script; its interactive parts are marked in the
// server's HTML as islands (`data-island="<name>"` on each one's root element). The first interaction with an island
// (pointer, touch, focus or key) loads the shell's app (main.js: React, the federation runtime, the public-site
// remote), which hydrates the server's markup as before (bootstrap.tsx): same providers, same data (the JSON the page
// embeds), so nothing is fetched again and nothing shifts.
//
// What the visitor does before this script has run is not lost: the head's capture (island-capture.ts, in
// /theme-init.js) holds the clicks on islands and notes any touch, press, focus or edit in one from the first paint.
// This loader connects to it: it loads the app at once if the visitor already reached for an island, and gives each
// held click again once React owns its target (island-replay.ts; a second tap on a toggle while it waits is one
// toggle). Values typed, ticked or chosen stay in the fields, where the form reads them as it hydrates. A browser that
// may hold a session (the cookie the server sets beside the HttpOnly one) loads the app at once: the admin's navbar
// and buttons come with it.
//
// The whole root hydrates, not each island apart: measured on this build, the shell's main.js alone is 120 KB gzip
// (React and the federation runtime), so no island could hydrate within /book-me's 100 KB before interaction anyway,
// and one root keeps the markup, the Suspense boundaries and useId's identifiers exactly as the server rendered them.

import { CAPTURE_GLOBAL, type IslandCapture } from './island-capture';
import { ISLAND, THEME_TOGGLE, hydrated } from './island-dom';
import { heldClickReplayer } from './island-replay';

/** The cookie of shared/src/backend/http/index.ts (SESSION_HINT_COOKIE). */
const SESSION_HINT_COOKIE = 'studio_has_session';
/** ugc-reels.tsx's EMBED_SCRIPT_URL and script id. */
const INSTAGRAM_EMBED_URL = 'https://www.instagram.com/embed.js';
const INSTAGRAM_SCRIPT_ID = 'instagram-embed-script';
/** features/theme/theme.ts's THEME_STORAGE_KEY, read by theme-init.js too. */
const THEME_STORAGE_KEY = 'studio-theme';

const script = document.currentScript as HTMLScriptElement | null;
const appSrc = script?.dataset.app;
let loading = false;

function loadApp(): void {
  if (loading || !appSrc) return;
  loading = true;
  document.documentElement.dataset.islands = 'loading';
  const app = document.createElement('script');
  app.src = appSrc;
  app.async = true;
  app.onerror = () => {
    // A failed load (offline) leaves the page as it is, readable and working as plain HTML; the next touch retries.
    loading = false;
    app.remove();
    delete document.documentElement.dataset.islands;
  };
  document.head.append(app);
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

const capture = (window as unknown as Record<string, IslandCapture | undefined>)[CAPTURE_GLOBAL];
capture?.connect(heldClickReplayer(capture, { loadApp, toggleTheme, print: () => window.print() }), loadApp);
labelThemeToggles();
enhanceReelsNear();
if (document.cookie.split('; ').some((c) => c.replace(/^__Host-/, '').startsWith(`${SESSION_HINT_COOKIE}=`))) loadApp();
