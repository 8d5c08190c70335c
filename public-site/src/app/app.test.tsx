// public-site's routes come from the route registry: each registry route of this app shows its page under the
// registry's document title, and an address the registry does not have shows 'Page not found'.
import '../test-support/polyfills';
import { screen, waitFor } from '@testing-library/react';
import { isClientRoute, ROUTES, routeIdsOf, type RouteIdOf } from '@studio/shared/routes';
import { renderAt, visitSite } from '../test-support/render';

// One address per route, the heading it shows and the document's title (a new registry route needs a line here).
const EXAMPLES: { [K in RouteIdOf<'public-site'>]: [path: string, heading: string, title: string] } = {
  home: ['/', 'Ava Monroe', 'Ava Monroe — Model & Content Creator'],
  portfolio: ['/portfolio', 'Portfolio', 'Portfolio — Ava Monroe'],
  portfolioSection: ['/portfolio/runway', 'Runway', 'Runway — Portfolio — Ava Monroe'],
  printConcept: ['/portfolio/print/editorial', 'Editorial', 'Editorial — Print — Ava Monroe'],
  compCardPrint: ['/portfolio/comp-card/print', 'Comp card', 'Printable comp card — Ava Monroe'],
  about: ['/about', 'About Ava', 'About — Ava Monroe'],
  booking: ['/book-me', 'Book a Session', 'Book me — Ava Monroe'],
  service: ['/service/photoshoot', 'Photoshoot', 'Photoshoot — Ava Monroe'],
  securityTest: ['/security-test', 'Security test', 'Security test — Ava Monroe'],
  manageBooking: ['/manage-booking', 'Your booking request', 'Your booking — Ava Monroe'],
};

beforeEach(() => {
  document.title = 'before';
});

test.each(routeIdsOf('public-site'))('the registry route %s shows its page under its title', async (id) => {
  const [path, heading, title] = EXAMPLES[id];
  expect(isClientRoute(path)).toBe(true);
  expect(ROUTES[id].pattern.split('/').length).toBe(path.split('/').length);
  renderAt(path, (await visitSite()).backend, 'Ava Monroe');
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe(title));
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
});

test.each(['/nope', '/service/a/b', '/portfolio/print/editorial/1'])(
  '%s is no registry route and shows Page not found',
  async (path) => {
    expect(isClientRoute(path)).toBe(false);
    renderAt(path, (await visitSite()).backend, 'Ava Monroe');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found — Ava Monroe'));
  },
);

test.each([
  ['/service/nope', 'Service Not Found'],
  ['/portfolio/nope', 'Section not found'],
])('%s names no content: the page says so and the title is the not-found one', async (path, heading) => {
  renderAt(path, (await visitSite()).backend, 'Ava Monroe');
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Page not found — Ava Monroe'));
});

test('the titles carry the name the shell gives', async () => {
  renderAt('/about', (await visitSite()).backend, 'Mia Lane');
  await waitFor(() => expect(document.title).toBe('About — Mia Lane'));
});

test('without a name from the shell the page leaves the title alone', async () => {
  renderAt('/about', (await visitSite()).backend);
  expect(await screen.findByRole('heading', { level: 1, name: 'About Ava' })).toBeInTheDocument();
  expect(document.title).toBe('before');
});

test('a project at /portfolio/<id> is titled by the project', async () => {
  renderAt('/portfolio/sonoran-editorial', (await visitSite()).backend, 'Ava Monroe');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sonoran Editorial' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Sonoran Editorial — Portfolio — Ava Monroe'));
});
