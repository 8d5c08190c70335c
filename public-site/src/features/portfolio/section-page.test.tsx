import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { renderAt, visitSite } from '../../test-support/render';
import { portfolioMeta } from '../../test-support/seed';

let server: StudioServer;
let backend: Backend;

beforeEach(async () => {
  ({ server, backend } = await visitSite());
});

describe('Portfolio sections', () => {
  it('comp-card and digitals show grids of images and videos', async () => {
    renderAt('/portfolio/digitals', backend);
    const grid = await screen.findByRole('list', { name: 'Digitals' });
    expect(within(grid).getByRole('button', { name: 'Open Digital, front in the viewer' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'TAP TO PLAY (Digital walk)' })).toBeInTheDocument();
  });

  it('gives the first image eager, high-priority loading and sizes to every image', async () => {
    renderAt('/portfolio/comp-card', backend);
    const grid = await screen.findByRole('list', { name: 'Comp Card' });
    const [first, second] = Array.from(grid.querySelectorAll('img'));
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('width', '800');
    expect(first).toHaveAttribute('height', '1000');
    expect(second).toHaveAttribute('fetchpriority', 'auto');
  });

  it.each([
    ['comp-card', 'No comp card content available yet.'],
    ['digitals', 'No digital content available yet.'],
  ])('%s says %p when empty', async (section, text) => {
    ({ backend } = await visitSite({ portfolioContent: { runway: {}, print: {}, 'comp-card': [], digitals: [] } }));
    renderAt(`/portfolio/${section}`, backend);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('runway lists the shows with subtitles, opens one, and goes back', async () => {
    const user = userEvent.setup();
    renderAt('/portfolio/runway', backend);
    expect(await screen.findByRole('heading', { name: 'Phoenix Fashion Week' })).toBeInTheDocument();
    expect(screen.getByText('Evening wear and couture gowns')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Scottsdale Couture Night' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Scottsdale Couture Night' });
    expect(title).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open Couture look 1 in the viewer' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to all shows' }));
    expect(await screen.findByRole('heading', { name: 'Desert Bloom Showcase' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/portfolio\/runway$/);
  });

  it('print lists the concepts with style, wardrobe, setting and purpose, then a concept gallery', async () => {
    const user = userEvent.setup();
    renderAt('/portfolio/print', backend);
    const card = (await screen.findByRole('heading', { name: 'Editorial' })).closest('li')!;
    expect(card).toHaveTextContent('StyleNarrative, high-fashion storytelling');
    expect(card).toHaveTextContent('WardrobeDesigner pieces and statement layers');
    expect(card).toHaveTextContent('SettingSonoran desert at golden hour');
    expect(card).toHaveTextContent('PurposeMagazine spreads and look-books');
    // The seven concepts, then the heading of the print projects' links.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
    await user.click(within(card).getByRole('link', { name: 'Editorial' }));
    // The concept page is a lazy chunk: the router moves once it is loaded.
    const grid = await screen.findByRole('list', { name: 'Editorial' });
    expect(screen.getByTestId('location')).toHaveTextContent('/portfolio/print/editorial');
    expect(within(grid).getAllByRole('button')).toHaveLength(3);
  });

  it("shows 'Section not found' for an unknown concept key", async () => {
    renderAt('/portfolio/print/nope', backend);
    expect(await screen.findByRole('heading', { name: 'Section not found' })).toBeInTheDocument();
  });

  it("shows 'Section not found' for an id that is neither a section nor a project", async () => {
    renderAt('/portfolio/backstage', backend);
    expect(await screen.findByRole('heading', { name: 'Section not found' })).toBeInTheDocument();
  });

  it("shows 'No portfolio content available.' on a section whose content cannot be had", async () => {
    server.failRequests('GET /api/portfolio/content');
    renderAt('/portfolio/comp-card', backend);
    expect(await screen.findByText('No portfolio content available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('links a section to its projects, and the link opens the project page', async () => {
    const user = userEvent.setup();
    renderAt('/portfolio/print', backend);
    const links = await screen.findByRole('region', { name: 'Print projects' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Monochrome Print Series']);
    await user.click(within(links).getByRole('link', { name: 'Monochrome Print Series' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Monochrome Print Series' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/portfolio\/monochrome-print$/);
  });

  it('says so when she has no runway shows or no print concepts, without a failure message', async () => {
    ({ backend } = await visitSite({
      portfolioMeta: { ...portfolioMeta, RUNWAY_SECTION_MAP: {}, RUNWAY_SECTION_SUBTITLES: {}, PRINT_CONCEPTS: [] },
    }));
    renderAt('/portfolio/runway', backend);
    expect(await screen.findByText('No runway shows yet.')).toBeInTheDocument();
    expect(screen.queryByText('No portfolio content available.')).not.toBeInTheDocument();
  });
});
