import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import { renderAt, visitSite } from '../../test-support/render';

describe('About and unknown pages', () => {
  it('shows the story, approach, services and expertise, and the equipment list', async () => {
    renderAt('/about', (await visitSite()).backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'About Ava' })).toBeInTheDocument();
    for (const name of ['My story', 'How I work', 'Services & expertise', 'UGC equipment']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const equipment = screen.getByRole('heading', { name: 'UGC equipment' }).parentElement!;
    expect(within(equipment).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/book-me');
  });

  it('shows a not-found page for an unknown path', async () => {
    renderAt('/no/such/page', (await visitSite()).backend);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
