// Tapping a day on her calendar blocks or frees it, against the real server through the live stream the
// dashboard uses. The day shows its new state at once; the server holds it after; a failed write puts the day back
// and says so; a day with a booking is not blocked by a tap.
import { useEffect, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { BackendProvider } from '@studio/shared/data';
import type { AdminAvailability, BookingRequest } from '@studio/shared/domain';
import { AvailabilityPanel } from './availability-panel';
import { adminServer } from '../../test-support/admin-server';

const TODAY = '2031-03-10';
let server: StudioServer;
let backend: Backend;

function Live({ bookings = [] }: { bookings?: BookingRequest[] }) {
  const [availability, setAvailability] = useState<AdminAvailability | null>(null);
  useEffect(() => backend.availability.subscribe(setAvailability, () => undefined), []);
  return availability ? <AvailabilityPanel availability={availability} today={TODAY} bookings={bookings} /> : null;
}

beforeEach(async () => {
  ({ server, backend } = await adminServer());
  await backend.availability.addPeriod({
    startDate: '2031-03-01',
    endDate: '2031-03-31',
    isAvailable: true,
    notes: '',
  });
});

const settle = () => act(() => server.idle());
const dayCell = (date: string) => document.querySelector(`[data-date="${date}"]`) as HTMLElement;
const unavailable = async () => {
  let latest: AdminAvailability | null = null;
  const stop = backend.availability.subscribe(
    (a) => (latest = a),
    () => undefined,
  );
  await settle();
  stop();
  return (latest as AdminAvailability | null)?.unavailable.map((r) => [r.startDate, r.endDate]) ?? [];
};

async function show(bookings?: BookingRequest[]) {
  render(
    <BackendProvider backend={backend}>
      <Live bookings={bookings} />
    </BackendProvider>,
  );
  await screen.findByText('Tap a day to block or free it.');
}

test('tapping an available day blocks it: shown at once, then held by the server', async () => {
  await show();
  const day = screen.getByRole('button', { name: /^Saturday, March 15, available\. Block this day$/ });
  fireEvent.click(day);
  // Before the server has answered.
  expect(dayCell('2031-03-15')).toHaveAttribute('data-state', 'blocked');
  await settle();
  expect(await unavailable()).toEqual([['2031-03-15', '2031-03-15']]);
  expect(dayCell('2031-03-15')).toHaveAttribute('data-state', 'blocked');
  // And tapping it again frees it.
  fireEvent.click(screen.getByRole('button', { name: /^Saturday, March 15, blocked\. Free this day$/ }));
  expect(dayCell('2031-03-15')).toHaveAttribute('data-state', 'available');
  await settle();
  expect(await unavailable()).toEqual([]);
});

test('freeing one day of a longer blocked range keeps the days on either side blocked', async () => {
  await backend.availability.addUnavailable({ startDate: '2031-03-12', endDate: '2031-03-16', reason: 'Travel' });
  await show();
  fireEvent.click(screen.getByRole('button', { name: /^Friday, March 14, blocked\. Free this day$/ }));
  await settle();
  expect((await unavailable()).sort()).toEqual([
    ['2031-03-12', '2031-03-13'],
    ['2031-03-15', '2031-03-16'],
  ]);
  expect(dayCell('2031-03-14')).toHaveAttribute('data-state', 'available');
  expect(dayCell('2031-03-13')).toHaveAttribute('data-state', 'blocked');
});

test('a failed write puts the day back and says so', async () => {
  await show();
  backend.availability.addUnavailable = () => Promise.reject(new Error('offline'));
  fireEvent.click(screen.getByRole('button', { name: /^Saturday, March 15, available\. Block this day$/ }));
  expect(dayCell('2031-03-15')).toHaveAttribute('data-state', 'blocked');
  await settle();
  expect(screen.getByRole('alert')).toHaveTextContent('Saturday, March 15 could not be blocked. Please try again.');
  expect(dayCell('2031-03-15')).toHaveAttribute('data-state', 'available');
  expect(await unavailable()).toEqual([]);
});

test('a day with a booking is not blocked by a tap: it shows its booking and says why', async () => {
  const booking = {
    id: 'b1',
    name: 'Dana Client',
    service: 'Photoshoot',
    date: '2031-03-20',
    endDate: '',
    time: '',
    consultationDate: '',
    consultationTime: '',
    status: 'New',
  } as BookingRequest;
  await show([booking]);
  expect(screen.queryByRole('button', { name: /March 20.*Block this day/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: /^Thursday, March 20/ }));
  expect(screen.getByText('This day has a booking, so it cannot be blocked.')).toBeVisible();
  await settle();
  expect(await unavailable()).toEqual([]);
});

test('days gone by are not tappable', async () => {
  await show();
  expect(screen.queryByRole('button', { name: /^Sunday, March 9,/ })).toBeNull();
  expect(screen.getByRole('button', { name: /^Monday, March 10, available\. Block this day$/ })).toBeEnabled();
});
