import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { renderAt, visitSite } from '../../test-support/render';

let server: StudioServer;
let backend: Backend;

beforeEach(async () => {
  ({ server, backend } = await visitSite());
});

describe('Service detail', () => {
  it('shows a pricing table of the tiers with tier, price, includes and a Book button per tier', async () => {
    renderAt('/service/photoshoot', backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Photoshoot' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Packages & pricing' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Tier', 'Price', 'Includes', 'Book']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Standard Session',
      'Editorial Day',
      'Mini Session',
    ]);
    const mini = rows[2]!;
    expect(mini).toHaveTextContent('$250');
    expect(within(mini).getByRole('listitem')).toHaveTextContent('1 hour on location');
    expect(within(mini).getByRole('link', { name: 'Book Mini Session' })).toHaveAttribute(
      'href',
      '/book-me?selectedService=photoshoot&selectedTier=photoshoot-mini',
    );
  });

  it("shows 'Contact for pricing' for a tier without a price", async () => {
    renderAt('/service/others', backend);
    const row = (await screen.findByRole('rowheader', { name: 'Custom Project' })).closest('tr')!;
    expect(row).toHaveTextContent('Contact for pricing');
  });

  it("shows 'Service Not Found' for an unknown service", async () => {
    renderAt('/service/nothing-here', backend);
    expect(await screen.findByRole('heading', { name: 'Service Not Found' })).toBeInTheDocument();
  });

  it("shows 'Failed to load services' when the services cannot be loaded", async () => {
    server.failRequests('GET /api/services');
    renderAt('/service/photoshoot', backend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services');
  });
});
