// Every client route of the site in one registry (docs/architecture.md: one route registry): the shell and
// public-site build their <Route>s from it, so a page cannot exist in one place only, and the server can tell a
// client route (answered with the shell's page) from an unknown address (a 404) with matchRoute. What each route's
// page is called, its status and its sitemap entries are in route-meta.ts, keyed by the same ids.

/** Which app renders the route: the shell itself, or the public-site remote the shell hands every other path. */
export type RouteApp = 'shell' | 'public-site';
/** 'public': a page for everyone and for search engines; 'noindex': reachable, but not a page to list. */
export type RouteVisibility = 'public' | 'noindex';
/**
 * How the server sends a route's page: 'islands', rendered on the server and read, linked and posted without any
 * script, the app loading only with the first interaction with an island (docs/decisions/008); 'hydrate', rendered on
 * the server as well (so it works without script), with the app loaded at once, for a page that needs at first sight
 * what only the browser has (the manage link's key, in the address's fragment); 'browser', the shell's empty page
 * for the app to render (her dashboard, the sign-in link's page, the developers' security test page).
 */
export type RouteRendering = 'islands' | 'hydrate' | 'browser';

export interface ClientRoute {
  /** A react-router pattern: ':name' stands for one path segment, a final '/*' for anything below. */
  readonly pattern: string;
  readonly app: RouteApp;
  readonly visibility: RouteVisibility;
  /**
   * The query parameters the page reads (useSearchParams): the server keeps one rendered page per path and these
   * parameters' values, so any other query string gets the same kept page (server/src/features/pages/server-render.ts).
   */
  readonly query?: readonly string[];
  /**
   * The webpackChunkName of the route's lazy page (public-site/src/app/app.tsx), for the server to preload it with
   * the HTML: only named chunks can be found in the build's manifest.
   */
  readonly pageChunk?: string;
  /** How the server sends its page; by default 'islands' for public-site's public pages, else 'browser'. */
  readonly rendering?: RouteRendering;
}

export const ROUTES = {
  home: { pattern: '/', app: 'public-site', visibility: 'public' },
  portfolio: { pattern: '/portfolio', app: 'public-site', visibility: 'public' },
  /** One of the portfolio sections, else the project with that id, else 'Section not found'. */
  portfolioSection: { pattern: '/portfolio/:section', app: 'public-site', visibility: 'public', query: ['show'] },
  printConcept: { pattern: '/portfolio/print/:conceptKey', app: 'public-site', visibility: 'public' },
  /** Her comp card as a two-sided print: 8.5 x 5.5 in, or A5 with ?paper=a5. */
  compCardPrint: {
    pattern: '/portfolio/comp-card/print',
    app: 'public-site',
    visibility: 'noindex',
    query: ['paper'],
    rendering: 'islands',
  },
  about: { pattern: '/about', app: 'public-site', visibility: 'public' },
  booking: {
    pattern: '/book-me',
    app: 'public-site',
    visibility: 'public',
    query: ['selectedService', 'selectedTier'],
    pageChunk: 'booking',
  },
  service: { pattern: '/service/:id', app: 'public-site', visibility: 'public' },
  securityTest: { pattern: '/security-test', app: 'public-site', visibility: 'noindex', pageChunk: 'security-test' },
  /**
   * The client's own request through the private link in her confirmation mail (the token is in the fragment, which
   * the app reads; without script she pastes the link into the page's plain form, which posts it).
   */
  manageBooking: { pattern: '/manage-booking', app: 'public-site', visibility: 'noindex', rendering: 'hydrate' },
  admin: { pattern: '/admin/*', app: 'shell', visibility: 'noindex' },
  finishSignIn: { pattern: '/finishSignIn', app: 'shell', visibility: 'noindex' },
} as const satisfies Record<string, ClientRoute>;

export type RouteId = keyof typeof ROUTES;

/** The ids of the routes one app renders: a page table typed with it must list exactly those. */
export type RouteIdOf<A extends RouteApp> = {
  [K in RouteId]: (typeof ROUTES)[K]['app'] extends A ? K : never;
}[RouteId];

export function routeIdsOf<A extends RouteApp>(app: A): Array<RouteIdOf<A>> {
  return (Object.keys(ROUTES) as RouteId[]).filter((id): id is RouteIdOf<A> => ROUTES[id].app === app);
}

/** How the server sends the route's page (ClientRoute's `rendering`, with its default). */
export function renderingOf(id: RouteId): RouteRendering {
  const route: ClientRoute = ROUTES[id];
  return route.rendering ?? (route.app === 'public-site' && route.visibility === 'public' ? 'islands' : 'browser');
}

/** The named page chunk of a route, if its lazy import names one. */
export const pageChunkOf = (id: RouteId): string | undefined => (ROUTES[id] as ClientRoute).pageChunk;

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (a stray '%') is taken as written, as the browser's router does.
    return segment;
  }
}

/** A route of the registry and the values of its ':name' parameters (decoded), as react-router's useParams gives. */
export interface RouteMatch {
  readonly id: RouteId;
  readonly params: Readonly<Record<string, string>>;
}

// As react-router matches: letter case ignored, a trailing slash allowed, a parameter is one non-empty segment.
function paramsOf(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const splat = wanted.at(-1) === '*';
  if (splat) wanted.pop();
  if (splat ? given.length < wanted.length : given.length !== wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of wanted.entries()) {
    const segment = given[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = decoded(segment);
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}

/**
 * The registry's route for a path (without query or hash) and its parameters, or null for an address the site does
 * not have (no two patterns fit the same path, so the order does not matter).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const id of Object.keys(ROUTES) as RouteId[]) {
    const params = paramsOf(ROUTES[id].pattern, pathname);
    if (params) return { id, params };
  }
  return null;
}

/** The registry's route for a path (without query or hash), or null for an address the site does not have. */
export function routeOf(pathname: string): RouteId | null {
  return matchRoute(pathname)?.id ?? null;
}

export const isClientRoute = (pathname: string): boolean => routeOf(pathname) !== null;
