// Every client route of the site in one registry (docs/architecture.md: one route registry): the shell and
// public-site build their <Route>s from it, so a page cannot exist in one place only, and the server can tell a
// client route (answered with the shell's page) from an unknown address (a 404) with isClientRoute.

/** Which app renders the route: the shell itself, or the public-site remote the shell hands every other path. */
export type RouteApp = 'shell' | 'public-site';
/** 'public': a page for everyone and for search engines; 'noindex': reachable, but not a page to list. */
export type RouteVisibility = 'public' | 'noindex';

export interface ClientRoute {
  /** A react-router pattern: ':name' stands for one path segment, a final '/*' for anything below. */
  readonly pattern: string;
  readonly app: RouteApp;
  readonly visibility: RouteVisibility;
  /**
   * The query parameters the page reads (useSearchParams): the server keeps one rendered page per path and these
   * parameters' values, so any other query string gets the same kept page (server/src/lib/server-render.ts).
   */
  readonly query?: readonly string[];
}

export const ROUTES = {
  home: { pattern: '/', app: 'public-site', visibility: 'public' },
  portfolio: { pattern: '/portfolio', app: 'public-site', visibility: 'public' },
  /** One of the portfolio sections, else the project with that id, else 'Section not found'. */
  portfolioSection: { pattern: '/portfolio/:section', app: 'public-site', visibility: 'public', query: ['show'] },
  printConcept: { pattern: '/portfolio/print/:conceptKey', app: 'public-site', visibility: 'public' },
  /** Her comp card as a two-sided 8.5 x 5.5 in print (issue 16). */
  compCardPrint: { pattern: '/portfolio/comp-card/print', app: 'public-site', visibility: 'noindex' },
  about: { pattern: '/about', app: 'public-site', visibility: 'public' },
  booking: {
    pattern: '/book-me',
    app: 'public-site',
    visibility: 'public',
    query: ['selectedService', 'selectedTier'],
  },
  service: { pattern: '/service/:id', app: 'public-site', visibility: 'public' },
  securityTest: { pattern: '/security-test', app: 'public-site', visibility: 'noindex' },
  /** The client's own request through the private link in her confirmation mail (the token is in the fragment). */
  manageBooking: { pattern: '/manage-booking', app: 'public-site', visibility: 'noindex' },
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

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

// As react-router matches: letter case ignored, a trailing slash allowed, a parameter is one non-empty segment.
function matches(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const splat = wanted.at(-1) === '*';
  if (splat) wanted.pop();
  if (splat ? given.length < wanted.length : given.length !== wanted.length) return false;
  return wanted.every((part, i) => part.startsWith(':') || part.toLowerCase() === given[i]!.toLowerCase());
}

/** The registry's route for a path (without query or hash), or null for an address the site does not have. */
export function routeOf(pathname: string): RouteId | null {
  return (Object.keys(ROUTES) as RouteId[]).find((id) => matches(ROUTES[id].pattern, pathname)) ?? null;
}

export const isClientRoute = (pathname: string): boolean => routeOf(pathname) !== null;
