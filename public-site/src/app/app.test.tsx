// public-site's routes come from the route registry: each registry route of this app shows its page, and an address
// the registry does not have shows 'Page not found'.
import '../test-support/polyfills';
import { screen } from '@testing-library/react';
import { isClientRoute, ROUTES, routeIdsOf, type RouteIdOf } from '@studio/shared/routes';
import { renderAt, visitSite } from '../test-support/render';

// One address per route, and the page title it shows (a new registry route needs a line here).
const EXAMPLES: { [K in RouteIdOf<'public-site'>]: [path: string, title: string] } = {
  home: ['/', 'Ava Monroe'],
  portfolio: ['/portfolio', 'Portfolio'],
  portfolioSection: ['/portfolio/runway', 'Runway'],
  printConcept: ['/portfolio/print/editorial', 'Editorial'],
  compCardPrint: ['/portfolio/comp-card/print', 'Comp card'],
  about: ['/about', 'About Ava'],
  booking: ['/book-me', 'Book a Session'],
  service: ['/service/photoshoot', 'Photoshoot'],
  securityTest: ['/security-test', 'Security test'],
  manageBooking: ['/manage-booking', 'Your booking request'],
};

test.each(routeIdsOf('public-site'))('the registry route %s shows its page', async (id) => {
  const [path, title] = EXAMPLES[id];
  expect(isClientRoute(path)).toBe(true);
  expect(ROUTES[id].pattern.split('/').length).toBe(path.split('/').length);
  renderAt(path, (await visitSite()).backend);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
});

test.each(['/nope', '/service/a/b', '/portfolio/print/editorial/1'])(
  '%s is no registry route and shows Page not found',
  async (path) => {
    expect(isClientRoute(path)).toBe(false);
    renderAt(path, (await visitSite()).backend);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  },
);
