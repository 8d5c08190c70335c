// The services are read by three pages through one key: a visit that goes home -> service page -> book-me asks the
// server for them once.
import '../test-support/polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { renderAt, visitSite } from '../test-support/render';

test('home, then a service page, then the booking form: the services are requested once', async () => {
  const user = userEvent.setup();
  // Open dates, so /book-me shows the booking form (without any it shows her contact form instead).
  const day = (n: number) => format(addDays(new Date(), n), 'yyyy-MM-dd');
  const { server, backend } = await visitSite({
    availability: {
      periods: [{ startDate: day(-1), endDate: day(90), isAvailable: true, notes: '' }],
      unavailable: [],
      slots: [],
    },
  });
  renderAt('/', backend);

  await user.click(await screen.findByRole('link', { name: 'Learn More about Photoshoot' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Photoshoot' })).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Book Mini Session' }));
  expect(await screen.findByRole('combobox', { name: 'Service Type' })).toHaveValue('photoshoot');
  expect(screen.getByRole('combobox', { name: 'Service Package' })).toHaveValue('photoshoot-mini');
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/book-me?selectedService=photoshoot&selectedTier=photoshoot-mini',
  );

  expect(server.requests('GET /api/services')).toBe(1);
});
