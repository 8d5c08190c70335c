// The admin's month calendar shows the bookings: a confirmed one on each of its days, a new
// request marked apart, declined ones not at all; a day with bookings opens their list.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { addCalendarDays, type AdminAvailability, type BookingRequest } from '@studio/shared/domain';
import { AvailabilityCalendar } from './availability-calendar';
import { storedBooking } from '../../test-support/bookings';

const today = '2031-03-10';
const availability: AdminAvailability = {
  periods: [
    {
      id: 'p',
      startDate: '2031-03-01',
      endDate: '2031-03-31',
      isAvailable: true,
      notes: '',
      createdAt: '',
      updatedAt: '',
    },
  ],
  unavailable: [],
  slots: [],
  weekly: [],
};

const booking = (over: Partial<BookingRequest>): BookingRequest => ({
  id: 'b',
  ...storedBooking({
    name: 'Client',
    email: 'c@example.com',
    paymentSchedule: '',
    date: '',
    location: '',
    createdAt: '2031-03-01T10:00:00.000Z',
    updatedAt: '2031-03-01T10:00:00.000Z',
  }),
  ...over,
});

const day = (date: string) => document.querySelector(`[data-date="${date}"]`) as HTMLElement;

test('confirmed bookings on each of their days, new requests apart, declined ones not shown; a day lists its bookings', () => {
  render(
    <AvailabilityCalendar
      availability={availability}
      today={today}
      bookings={[
        booking({
          id: 'b1',
          name: 'Ana Shoot',
          status: 'Confirmed',
          date: '2031-03-12',
          endDate: '2031-03-13',
          time: '09:00-12:00',
        }),
        booking({ id: 'b2', name: 'Bea Request', status: 'New', date: '2031-03-12' }),
        booking({ id: 'b3', name: 'Cy Declined', status: 'Declined', date: '2031-03-20' }),
      ]}
    />,
  );
  const first = within(day('2031-03-12')).getByRole('button');
  expect(first).toHaveAccessibleName('Wednesday, March 12, available, 1 confirmed booking, 1 new request');
  expect(within(day(addCalendarDays('2031-03-12', 1))).getByRole('button')).toHaveAccessibleName(
    'Thursday, March 13, available, 1 confirmed booking',
  );
  expect(within(day('2031-03-20')).queryByRole('button')).toBeNull();
  expect(day('2031-03-20')).toHaveAccessibleName('Thursday, March 20, available');

  fireEvent.click(first);
  expect(first).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText(/Ana Shoot · Photoshoot · 9:00 AM - 12:00 PM · Confirmed/)).toBeInTheDocument();
  expect(screen.getByText(/Bea Request · Photoshoot · New/)).toBeInTheDocument();
  fireEvent.click(first);
  expect(screen.queryByText(/Ana Shoot/)).toBeNull();
});

test("weeks start on the studio's first weekday, the one the server writes into the page and the visitor's calendar uses", () => {
  document.head.innerHTML =
    '<script id="studio-config" type="application/json">{"studio":{"timeZone":"America/Phoenix","today":"2031-03-10","firstWeekday":0}}</script>';
  try {
    const { unmount } = render(<AvailabilityCalendar availability={availability} today={today} />);
    const headers = [...document.querySelectorAll('.calendar-weekday')].map((h) => h.textContent);
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    // March 1, 2031 is a Saturday: six blank cells before it in a week that starts on Sunday.
    expect(document.querySelectorAll('.calendar-blank')).toHaveLength(6);
    unmount();

    document.head.innerHTML =
      '<script id="studio-config" type="application/json">{"studio":{"timeZone":"Europe/Berlin","today":"2031-03-10","firstWeekday":1}}</script>';
    render(<AvailabilityCalendar availability={availability} today={today} />);
    expect(document.querySelector('.calendar-weekday')?.textContent).toBe('Mon');
    expect(document.querySelectorAll('.calendar-blank')).toHaveLength(5);
  } finally {
    document.head.innerHTML = '';
  }
});
