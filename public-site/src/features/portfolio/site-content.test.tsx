// What visitors see of the details she keeps in the dashboard: the footer on every page, her measurements
// on the comp card page and its print page, her own about text.
import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import type { CompCardStats, SiteDetails } from '@studio/shared/domain';
import { renderAt, visitSite } from '../../test-support/render';

const siteDetails: SiteDetails = {
  name: 'Ava Monroe',
  tagline: '',
  heroImage: '',
  about: 'I grew up in Tucson.\n\nNow I work from Phoenix.',
  email: 'hello@ava.example',
  phone: '+1 602 555 0148',
  agency: 'Desert Bloom Models',
  social: [{ label: 'Instagram', url: 'https://www.instagram.com/ava' }],
};
const compCard: CompCardStats = {
  units: 'imperial',
  height: `5'10"`,
  bust: '32"',
  waist: '24"',
  hips: '35"',
  dress: '2',
  shoe: '8.5',
  hair: 'Brown',
  eyes: '',
};
const withSite = async () => (await visitSite({ siteDetails, compCard })).backend;

test('every public page ends with her contact and social links', async () => {
  renderAt('/portfolio', await withSite());
  const footer = await screen.findByRole('contentinfo', { name: 'Contact and social links' });
  expect(within(footer).getByText('Ava Monroe')).toBeInTheDocument();
  expect(within(footer).getByText('Represented by Desert Bloom Models')).toBeInTheDocument();
  expect(within(footer).getByRole('link', { name: /hello@ava.example/ })).toHaveAttribute(
    'href',
    'mailto:hello@ava.example',
  );
  expect(within(footer).getByRole('link', { name: /\+1 602 555 0148/ })).toHaveAttribute('href', 'tel:+16025550148');
  expect(within(footer).getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/ava',
  );
});

test('a site with no details yet shows no empty footer', async () => {
  renderAt('/portfolio', (await visitSite()).backend);
  expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test('the comp card page shows the measurements she filled in, and links to the print page', async () => {
  renderAt('/portfolio/comp-card', await withSite());
  const list = await screen.findByLabelText('Measurements');
  expect(within(list).getByText('Height').nextSibling).toHaveTextContent(`5'10"`);
  expect(within(list).getByText('Hair').nextSibling).toHaveTextContent('Brown');
  expect(within(list).queryByText('Eyes')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Printable comp card' })).toHaveAttribute(
    'href',
    '/portfolio/comp-card/print',
  );
});

test('the printable comp card has a front and a back from the same data', async () => {
  renderAt('/portfolio/comp-card/print', await withSite());
  const front = await screen.findByRole('region', { name: 'Front' });
  const back = screen.getByRole('region', { name: 'Back' });
  expect(within(front).getByText('Ava Monroe')).toBeInTheDocument();
  expect(within(front).getAllByRole('img').length).toBe(1);
  expect(within(within(back).getByLabelText('Measurements')).getByText('Waist').nextSibling).toHaveTextContent('24"');
  expect(within(back).getByText('hello@ava.example')).toBeInTheDocument();
});

test('the about page tells her own story once she has written one', async () => {
  renderAt('/about', await withSite());
  expect(await screen.findByText('I grew up in Tucson.')).toBeInTheDocument();
  expect(screen.getByText('Now I work from Phoenix.')).toBeInTheDocument();
});

// The home page and the About page read her from Site details and the comp card, never a built-in copy.
test("the home page shows her saved name, tagline and hero image; About shows her name and the comp card's stats", async () => {
  const backend = (
    await visitSite({
      siteDetails: {
        ...siteDetails,
        name: 'Nova Reyes',
        tagline: 'Editorial model in Tucson',
        heroImage: '/media/own.jpg',
      },
      compCard,
    })
  ).backend;
  const { unmount } = renderAt('/', backend);
  expect(await screen.findByRole('heading', { level: 1, name: 'Nova Reyes' })).toBeInTheDocument();
  expect(screen.getByText('Editorial model in Tucson')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Portrait of Nova Reyes' })).toHaveAttribute('src', '/media/own.jpg');
  unmount();

  renderAt('/about', backend);
  expect(await screen.findByRole('heading', { level: 1, name: 'About Nova' })).toBeInTheDocument();
  const stats = screen.getByLabelText('At a glance');
  expect(within(stats).getByText(`5'10"`)).toBeInTheDocument();
  expect(stats).not.toHaveTextContent('5′9″');
  expect(within(stats).getByText('Height')).toBeInTheDocument();
});
