// What the booking form's tests share (booking-form*.test.tsx): her services and open dates on the real server, the
// booking page on it, and the ways a test finds and fills its fields. Imported, it also sets the files' time limit and
// puts real timers back after each test.
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import type { Service } from '@studio/shared/domain';
import { studioServer, type StudioSeed, type StudioServer } from '@studio/shared/test-support/studio-server';
import { bookingInputSchema } from '@studio/shared/schemas';
import { renderWithBackend } from '../../test-support/render';
import { BookingPage } from './booking-page';

export const day = (n: number) => format(addDays(new Date(), n), 'yyyy-MM-dd');

export const SERVICES: Service[] = [
  {
    id: 'usergeneratedcontent',
    displayName: 'User-Generated Content',
    description: '',
    image: '',
    price: '',
    tiers: [
      { id: 'ugc-single', displayName: 'Single Video', price: '$150', includes: [] },
      { id: 'ugc-monthly', displayName: 'Monthly Retainer', price: '$1,800', includes: [] },
    ],
  },
  {
    id: 'photoshoot',
    displayName: 'Photoshoot',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'photoshoot-mini', displayName: 'Mini Session', price: '$250', includes: [] }],
  },
];

export const OPEN: StudioSeed['availability'] = {
  periods: [{ startDate: day(0), endDate: day(90), isAvailable: true, notes: '' }],
  unavailable: [{ startDate: day(0), endDate: day(2), reason: '' }],
  slots: [{ date: day(4), startTime: '09:00', endTime: '17:00', isAvailable: false, notes: '' }],
};

/** The server with her services and open dates (or the seed given), and the booking page on it. */
export async function setup(options: { url?: string; seed?: StudioSeed } = {}) {
  const server = await studioServer({ services: SERVICES, availability: OPEN, ...options.seed });
  const backend = server.backend();
  const realCreate = backend.bookings.create.bind(backend.bookings);
  // Watched, not replaced: each call still goes to the server (a test reads the idempotency keys it was given).
  const create = jest.spyOn(backend.bookings, 'create');
  renderWithBackend(<BookingPage />, backend, options.url ?? '/book-me');
  return { server, create, realCreate };
}

export const field = (name: string) => screen.getByRole('textbox', { name });
export const select = (name: string) => screen.getByRole('combobox', { name });
// A required field's label ends with an aria-hidden ' *', which the accessible name leaves out but label text keeps.
export const dateInput = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });
export const submitButton = () => screen.getByRole('button', { name: /Send Booking Request|Submitting\.\.\./ });

export async function fillUgc(user: ReturnType<typeof userEvent.setup>, over: { email?: string } = {}) {
  await user.type(field('Full Name'), 'Jane Doe');
  await user.type(field('Email Address'), over.email ?? 'jane@example.com');
  await user.selectOptions(select('Service Type'), 'usergeneratedcontent');
  await user.selectOptions(select('Service Package'), 'ugc-single');
  await user.type(field('Project Description'), 'Three reels for a launch.');
}

/** The shared schema's own first message for one field's value: the form must show exactly this. */
export function schemaMessage(field: 'name' | 'email' | 'phone', value: string): string {
  const result = bookingInputSchema.shape[field].safeParse(value);
  if (result.success) throw new Error(`The booking schema accepts ${field} "${value}"`);
  return result.error.issues[0]!.message;
}

// A month's grid also holds the next month's first days as hidden cells without a button: only a day of the month
// shown counts.
export const monthCell = (calendar: HTMLElement, iso: string) =>
  calendar.querySelector(`[data-day="${iso}"]:not([data-outside])`);

/** Turns the calendar to the month of `iso` (the day may be a page before or after the one it opened on). */
export async function turnTo(user: ReturnType<typeof userEvent.setup>, calendar: HTMLElement, iso: string) {
  for (let turns = 0; !monthCell(calendar, iso) && turns < 12; turns++) {
    const shown = calendar.querySelector('[data-day]:not([data-outside])')?.getAttribute('data-day') ?? '';
    const name = iso < shown ? /previous month/i : /next month/i;
    await user.click(within(calendar).getByRole('button', { name }));
  }
}

/** What the server stored, as the admin reads it (she signs in on her own adapter). */
export const bookings = async (server: StudioServer) => {
  const admin = server.backend();
  await server.signInAsAdmin(admin);
  return (await admin.bookings.list()).items;
};

// Typing through user-event is slow on a busy two-core machine.
jest.setTimeout(20_000);

afterEach(() => {
  jest.useRealTimers();
});
