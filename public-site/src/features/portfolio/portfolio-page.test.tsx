import '../../test-support/polyfills';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backend } from '@studio/shared/backend';
import { authStore } from '@studio/shared/auth-store';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { renderAt, visitSite } from '../../test-support/render';
import { seed } from '../../test-support/seed';
import { categoryCount, reelUrls } from './portfolio-data';
import { pageActions } from './portfolio-states';

let server: StudioServer;
let backend: Backend;

beforeEach(async () => {
  ({ server, backend } = await visitSite());
  authStore.getState().setUser(null);
});

async function categoryCards() {
  const heading = await screen.findByRole('heading', { name: 'Runway' });
  return within(heading.closest('ul')!).getAllByRole('listitem');
}

describe('Portfolio', () => {
  it('shows a card per category with label, description and count', async () => {
    renderAt('/portfolio', backend);
    const cards = await categoryCards();
    const text = cards.map((c) => [
      within(c).getByRole('heading').textContent,
      c.querySelector('.category-count')?.textContent,
    ]);
    expect(text).toEqual([
      ['Runway', 'Last 3 Shows'],
      ['Print', '7 Concepts'],
      ['Comp Card', 'View All'],
      ['Digitals', 'View All'],
      ['UGC', '3 Reels'],
    ]);
    expect(cards[0]).toHaveTextContent('Shows and presentations, walked live.');
    expect(within(cards[2]!).getByRole('link', { name: 'Comp Card' })).toHaveAttribute('href', '/portfolio/comp-card');
  });

  it('links every project page from the portfolio', async () => {
    renderAt('/portfolio', backend);
    const projects = await screen.findByRole('region', { name: 'Projects' });
    expect(
      within(projects)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Empty Project', '/portfolio/empty-project'],
      ['Monochrome Print Series', '/portfolio/monochrome-print'],
      ['Sonoran Editorial', '/portfolio/sonoran-editorial'],
    ]);
  });

  it('counts reels without the empty URLs', () => {
    expect(reelUrls({ ugcReels: ['a', '', '  ', 'b'] })).toEqual(['a', 'b']);
    expect(categoryCount('ugc', { ...seed().portfolioMeta!, ugcReels: ['', 'x'] })).toBe('1 Reels');
  });

  it('shows Manage Portfolio, linking to /admin, to the admin only', async () => {
    renderAt('/portfolio', backend);
    await categoryCards();
    expect(screen.queryByRole('link', { name: 'Manage Portfolio' })).not.toBeInTheDocument();
    act(() => authStore.getState().setUser({ email: 'admin@example.com', isAdmin: true }));
    expect(screen.getByRole('link', { name: 'Manage Portfolio' })).toHaveAttribute('href', '/admin');
  });

  it("shows 'No portfolio content available.' with a Refresh Page button when the content cannot be had", async () => {
    server.failRequests('GET /api/portfolio/content');
    const reload = jest.spyOn(pageActions, 'reload').mockImplementation(() => undefined);
    renderAt('/portfolio', backend);
    expect(await screen.findByText('No portfolio content available.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('falls back to empty metadata when the metadata cannot be loaded', async () => {
    server.failRequests('GET /api/portfolio/meta');
    renderAt('/portfolio', backend);
    expect(await screen.findByText('No portfolio content available.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Runway' })).not.toBeInTheDocument();
  });
});
