// The route registry: every client route the site has, which app renders it, and isClientRoute for the server's
// "client route or 404" decision.
import { isClientRoute, matchRoute, renderingOf, routeIdsOf, routeOf, ROUTES, type RouteId } from './routes';

test('lists the product routes (docs/product.md §2) with the app that renders them', () => {
  expect(Object.values(ROUTES).map((r) => `${r.app} ${r.pattern}`)).toEqual([
    'public-site /',
    'public-site /portfolio',
    'public-site /portfolio/:section',
    'public-site /portfolio/print/:conceptKey',
    'public-site /portfolio/comp-card/print',
    'public-site /about',
    'public-site /book-me',
    'public-site /service/:id',
    'public-site /security-test',
    'public-site /manage-booking',
    'shell /admin/*',
    'shell /finishSignIn',
  ]);
  expect(routeIdsOf('shell')).toEqual(['admin', 'finishSignIn']);
});

test('only the pages for everyone are public; the test page, sign-in and admin are noindex', () => {
  const noindex = Object.values(ROUTES)
    .filter((r) => r.visibility === 'noindex')
    .map((r) => r.pattern);
  expect(noindex).toEqual([
    '/portfolio/comp-card/print',
    '/security-test',
    '/manage-booking',
    '/admin/*',
    '/finishSignIn',
  ]);
});

test('the public pages, the printable comp card and the manage page are rendered by the server; the rest in the browser', () => {
  const by = (rendering: string) => (Object.keys(ROUTES) as RouteId[]).filter((id) => renderingOf(id) === rendering);
  expect(by('islands')).toEqual([
    'home',
    'portfolio',
    'portfolioSection',
    'printConcept',
    'compCardPrint',
    'about',
    'booking',
    'service',
  ]);
  // The manage page works without script, but with it needs the app at once: the link's key is in the fragment.
  expect(by('hydrate')).toEqual(['manageBooking']);
  expect(by('browser')).toEqual(['securityTest', 'admin', 'finishSignIn']);
});

test.each([
  ['/', 'home'],
  ['/portfolio', 'portfolio'],
  ['/portfolio/', 'portfolio'],
  ['/portfolio/runway', 'portfolioSection'],
  ['/portfolio/sonoran-editorial', 'portfolioSection'],
  ['/portfolio/print/editorial', 'printConcept'],
  ['/portfolio/comp-card/print', 'compCardPrint'],
  ['/about', 'about'],
  ['/About', 'about'],
  ['/book-me', 'booking'],
  ['/service/photoshoot', 'service'],
  ['/service/brand%20events', 'service'],
  ['/security-test', 'securityTest'],
  ['/admin', 'admin'],
  ['/admin/', 'admin'],
  ['/admin/bookings/42', 'admin'],
  ['/finishSignIn', 'finishSignIn'],
])('%s is the client route %s', (path, id) => {
  expect(routeOf(path)).toBe(id);
  expect(isClientRoute(path)).toBe(true);
});

test.each([
  '/nope',
  '/portfolio/runway/extra',
  '/portfolio/print/editorial/1',
  '/service',
  '/service/',
  '/service/a/b',
  '/book-me/now',
  '/administrator',
  '/api/services',
  '/remotes/public-site/mf-manifest.json',
])('%s is not a client route (the server answers 404)', (path) => {
  expect(routeOf(path)).toBeNull();
  expect(isClientRoute(path)).toBe(false);
});

test.each([
  ['/service/brand%20events', { id: 'service', params: { id: 'brand events' } }],
  ['/portfolio/print/black%2Fwhite', { id: 'printConcept', params: { conceptKey: 'black/white' } }],
  ['/portfolio/comp-card/print', { id: 'compCardPrint', params: {} }],
  ['/service/100%', { id: 'service', params: { id: '100%' } }],
])('%s matches with its parameters decoded, as the browser router gives them', (path, match) => {
  expect(matchRoute(path)).toEqual(match);
});
