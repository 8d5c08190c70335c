import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { renderAt, visitSite } from '../../test-support/render';
import { services } from '../../test-support/seed';

let server: StudioServer;
let backend: Backend;

beforeEach(async () => {
  ({ server, backend } = await visitSite());
});

async function cards() {
  const list = await screen.findByRole('list', { name: 'Services' });
  return within(list).getAllByRole('listitem');
}

describe('Home', () => {
  it('shows the hero with Book and Portfolio buttons and the Services heading', async () => {
    renderAt('/', backend);
    // Her name from Site details (MODEL_NAME while she has saved none).
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava Monroe' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/book-me');
    expect(screen.getByRole('link', { name: 'View Portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(screen.getByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    const hero = screen.getByRole('img', { name: /Ava Monroe posing/ });
    expect(hero).toHaveAttribute('src', '/media/hero.svg');
    expect(hero).toHaveAttribute('width', '1600');
    expect(hero).toHaveAttribute('height', '1000');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    await cards();
  });

  it('shows the services in her order, each name a heading', async () => {
    renderAt('/', backend);
    const names = (await cards()).map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Photoshoot', 'User-Generated Content', 'Other Projects', 'Brand Events & Promotions']);
  });

  it('follows her order when she puts another service first, built-in ones included', async () => {
    const [photoshoot, ugc, others, events] = services;
    ({ backend } = await visitSite({ services: [events!, others!, photoshoot!, ugc!] }));
    renderAt('/', backend);
    const names = (await cards()).map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Brand Events & Promotions', 'Other Projects', 'Photoshoot', 'User-Generated Content']);
  });

  it("shows the service's price, else 'Starting from $X' from the tiers, else 'Contact for pricing'", async () => {
    renderAt('/', backend);
    const [photoshoot, ugc, others, events] = await cards();
    expect(photoshoot).toHaveTextContent('Starting from $250');
    expect(ugc).toHaveTextContent('$150 per video');
    expect(others).toHaveTextContent('Contact for pricing');
    expect(events).toHaveTextContent('Starting from $400');
  });

  it('fills the default image and description of the featured services when they have none', async () => {
    renderAt('/', backend);
    const [photoshoot, ugc] = await cards();
    expect(photoshoot).toHaveTextContent('Professional modeling for editorial');
    expect(photoshoot!.querySelector('img')).toHaveAttribute('src', '/media/services/photoshoot.svg');
    expect(ugc!.querySelector('img')).toHaveAttribute('src', '/media/custom-ugc.jpg');
    expect(ugc).toHaveTextContent('Videos for your brand.');
  });

  it('goes to /book-me with the service selected from a card, and to /service/{id} from Learn More', async () => {
    const user = userEvent.setup();
    renderAt('/', backend);
    await cards();
    await user.click(screen.getByRole('link', { name: 'Book Now for Photoshoot' }));
    // The booking page is a lazy chunk: the router moves once it is loaded.
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a Session' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/book-me?selectedService=photoshoot');
  });

  it('Learn More opens the service detail', async () => {
    const user = userEvent.setup();
    renderAt('/', backend);
    await cards();
    await user.click(screen.getByRole('link', { name: 'Learn More about Brand Events & Promotions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Brand Events & Promotions' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/service/brand-events');
  });

  it("says 'No services available.' when there are none", async () => {
    ({ backend } = await visitSite({ services: [] }));
    renderAt('/', backend);
    expect(await screen.findByText('No services available.')).toBeInTheDocument();
  });

  it("shows a loading state, then 'Failed to load services' when the services cannot be loaded", async () => {
    server.failRequests('GET /api/services');
    renderAt('/', backend);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
