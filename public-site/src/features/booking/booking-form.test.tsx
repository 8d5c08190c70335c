// The booking form (docs/product.md §5) against the real server (shared/src/test-support/studio-server.ts).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, addMonths, format } from 'date-fns';
import { BackendError } from '@studio/shared/data';
import { LIMITS, type Service } from '@studio/shared/domain';
import { studioServer, type StudioSeed, type StudioServer } from '@studio/shared/test-support/studio-server';
import { SMS_OPT_IN_TEXT } from '@studio/shared/messages';
import { bookingInputSchema } from '@studio/shared/schemas';
import { warningMessages } from '@studio/security-kit';
import { renderWithBackend } from '../../test-support/render';
import { BookingPage } from './booking-page';

const day = (n: number) => format(addDays(new Date(), n), 'yyyy-MM-dd');

const SERVICES: Service[] = [
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

const OPEN: StudioSeed['availability'] = {
  periods: [{ startDate: day(0), endDate: day(90), isAvailable: true, notes: '' }],
  unavailable: [{ startDate: day(0), endDate: day(2), reason: '' }],
  slots: [{ date: day(4), startTime: '09:00', endTime: '17:00', isAvailable: false, notes: '' }],
};

/** The server with her services and open dates (or the seed given), and the booking page on it. */
async function setup(options: { url?: string; seed?: StudioSeed } = {}) {
  const server = await studioServer({ services: SERVICES, availability: OPEN, ...options.seed });
  const backend = server.backend();
  const realCreate = backend.bookings.create.bind(backend.bookings);
  // Watched, not replaced: each call still goes to the server (a test reads the idempotency keys it was given).
  const create = jest.spyOn(backend.bookings, 'create');
  renderWithBackend(<BookingPage />, backend, options.url ?? '/book-me');
  return { server, create, realCreate };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
// A required field's label ends with an aria-hidden ' *', which the accessible name leaves out but label text keeps.
const dateInput = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: /Send Booking Request|Submitting\.\.\./ });

async function fillUgc(user: ReturnType<typeof userEvent.setup>, over: { email?: string } = {}) {
  await user.type(field('Full Name'), 'Jane Doe');
  await user.type(field('Email Address'), over.email ?? 'jane@example.com');
  await user.selectOptions(select('Service Type'), 'usergeneratedcontent');
  await user.selectOptions(select('Service Package'), 'ugc-single');
  await user.type(field('Project Description'), 'Three reels for a launch.');
}

/** The shared schema's own first message for one field's value: the form must show exactly this. */
function schemaMessage(field: 'name' | 'email' | 'phone', value: string): string {
  const result = bookingInputSchema.shape[field].safeParse(value);
  if (result.success) throw new Error(`The booking schema accepts ${field} "${value}"`);
  return result.error.issues[0]!.message;
}

// A month's grid also holds the next month's first days as hidden cells without a button: only a day of the month
// shown counts.
const monthCell = (calendar: HTMLElement, iso: string) =>
  calendar.querySelector(`[data-day="${iso}"]:not([data-outside])`);

/** Turns the calendar to the month of `iso` (the day may be a page before or after the one it opened on). */
async function turnTo(user: ReturnType<typeof userEvent.setup>, calendar: HTMLElement, iso: string) {
  for (let turns = 0; !monthCell(calendar, iso) && turns < 12; turns++) {
    const shown = calendar.querySelector('[data-day]:not([data-outside])')?.getAttribute('data-day') ?? '';
    const name = iso < shown ? /previous month/i : /next month/i;
    await user.click(within(calendar).getByRole('button', { name }));
  }
}

/** What the server stored, as the admin reads it (she signs in on her own adapter). */
const bookings = async (server: StudioServer) => {
  const admin = server.backend();
  await server.signInAsAdmin(admin);
  return (await admin.bookings.list()).items;
};

// Typing through user-event is slow on a busy two-core machine.
jest.setTimeout(20_000);

afterEach(() => {
  jest.useRealTimers();
});

test('shows the fields of docs/product.md §5; Service Package appears once a service is chosen', async () => {
  const user = userEvent.setup({ delay: null });
  await setup();
  await screen.findByRole('textbox', { name: 'Full Name' });
  expect(screen.getByRole('heading', { name: 'Book a Session' })).toBeInTheDocument();
  for (const name of ['Full Name', 'Email Address', 'Phone', 'Project Description'])
    expect(field(name)).toBeInTheDocument();
  expect(field('Full Name')).toBeRequired();
  expect(field('Phone')).not.toBeRequired();
  expect(select('Service Type')).toBeRequired();
  expect(screen.queryByRole('combobox', { name: 'Service Package' })).not.toBeInTheDocument();

  await user.selectOptions(select('Service Type'), 'usergeneratedcontent');
  expect(select('Service Package')).toBeRequired();
  expect(
    within(select('Service Package')).getByRole('option', { name: 'Monthly Retainer ($1,800)' }),
  ).toBeInTheDocument();
  // Other services: an optional Preferred Date and no photoshoot fields.
  expect(dateInput('Preferred Date')).not.toBeRequired();
  expect(screen.queryByLabelText(/^Consultation Meeting Date/, { selector: 'input' })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Shoot Location' })).not.toBeInTheDocument();
});

test('photoshoot: the consultation and shoot fields are required', async () => {
  const user = userEvent.setup({ delay: null });
  await setup();
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Service Type' }), 'photoshoot');
  expect(dateInput('Consultation Meeting Date')).toBeRequired();
  expect(field('Consultation Location')).toBeRequired();
  expect(dateInput('Preferred Shoot Date')).toBeRequired();
  expect(field('Shoot Location')).toBeRequired();

  await user.selectOptions(select('Service Package'), 'photoshoot-mini');
  await user.type(field('Full Name'), 'Jane Doe');
  await user.type(field('Email Address'), 'jane@example.com');
  await user.type(field('Project Description'), 'Lookbook.');
  await user.click(submitButton());
  expect(await screen.findByText('Consultation Meeting Date is required')).toBeInTheDocument();
  expect(screen.getByText('Shoot Location is required')).toBeInTheDocument();
  expect(screen.getByText('Preferred Shoot Date is required')).toBeInTheDocument();
  expect(dateInput('Consultation Meeting Date')).toHaveFocus();
});

test('a service she created with "Needs a consultation" asks what the photoshoot asks, in her labels', async () => {
  const user = userEvent.setup({ delay: null });
  const wedding: Service = {
    id: 'wedding',
    displayName: 'Wedding',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'wedding-day', displayName: 'Whole Day', price: '$900', includes: [] }],
    rules: {
      needsConsultation: true,
      dateLabel: 'Wedding Day',
      consultationDateLabel: 'Tasting Day',
      paymentSchedule: '50% upfront, 50% upon completion',
    },
  };
  await setup({ seed: { services: [...SERVICES, wedding], availability: OPEN } });
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Service Type' }), 'wedding');
  expect(dateInput('Tasting Day')).toBeRequired();
  expect(field('Consultation Location')).toBeRequired();
  expect(dateInput('Wedding Day')).toBeRequired();
  expect(field('Shoot Location')).toBeRequired();

  await user.selectOptions(select('Service Package'), 'wedding-day');
  await user.type(field('Full Name'), 'Jane Doe');
  await user.type(field('Email Address'), 'jane@example.com');
  await user.type(field('Project Description'), 'A June wedding.');
  await user.click(submitButton());
  expect(await screen.findByText('Tasting Day is required')).toBeInTheDocument();
  expect(screen.getByText('Wedding Day is required')).toBeInTheDocument();
  expect(dateInput('Tasting Day')).toHaveFocus();
});

test('selectedService and selectedTier from the URL preselect the form', async () => {
  await setup({ url: '/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-monthly' });
  expect(await screen.findByRole('combobox', { name: 'Service Type' })).toHaveValue('usergeneratedcontent');
  expect(select('Service Package')).toHaveValue('ugc-monthly');
});

test("'Failed to load services' is all the page shows when services cannot be loaded", async () => {
  const server = await studioServer({ availability: OPEN });
  server.failRequests('GET /api/services');
  renderWithBackend(<BookingPage />, server.backend(), '/book-me');
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load services$/);
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
});

test("'No Availability Set' and her contact form, no dead booking form, when no availability period exists", async () => {
  await setup({ seed: { availability: { periods: [], unavailable: [], slots: [] } } });
  expect(await screen.findByRole('heading', { name: 'No Availability Set' })).toBeInTheDocument();
  expect(await screen.findByRole('form', { name: 'Message' })).toBeInTheDocument();
  // A booking form that can send nothing is not shown at all.
  expect(screen.queryByRole('textbox', { name: /Full Name/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send Booking Request' })).toBeNull();
});

describe('a way to reach her when nothing is bookable', () => {
  const closed = { seed: { availability: { periods: [], unavailable: [], slots: [] } } };

  test('her e-mail and a message form; bad fields are named; a good message is sent and thanked', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await setup(closed);
    const form = await screen.findByRole('form', { name: 'Message' });
    expect(screen.getByRole('heading', { name: 'Get in touch' })).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Your Email' }), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(within(form).getByRole('textbox', { name: 'Your Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: 'Your Email' })).toHaveAttribute('aria-invalid', 'true');
    await server.idle();
    expect(await server.outbox()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Your Name' }), 'Rosa Diaz');
    await user.clear(within(form).getByRole('textbox', { name: 'Your Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Your Email' }), 'rosa@example.com');
    await user.type(within(form).getByRole('textbox', { name: 'Your Phone' }), '(602) 555-0100');
    await user.type(within(form).getByRole('textbox', { name: 'Your Message' }), 'Any date in June?');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText('Thank you! Your message is on its way, and I will reply by e-mail.'),
    ).toBeInTheDocument();
    // The server mailed her the message, with the visitor's address and her number written for reading.
    const [mail, ...others] = await server.outbox();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ channel: 'mail', recipient: server.adminEmail });
    for (const text of ['Rosa Diaz', 'rosa@example.com', '(602) 555-0100', 'Any date in June?'])
      expect(mail?.body).toContain(text);
  });

  test('the contact form is not there while dates can be booked', async () => {
    await setup();
    await screen.findByRole('textbox', { name: 'Full Name' });
    expect(screen.queryByRole('form', { name: 'Message' })).toBeNull();
  });
});

test('the SMS opt-in is unchecked by default and says what, how often and how to stop', async () => {
  await setup({ seed: { smsEnabled: true } });
  const box = await screen.findByRole('checkbox', { name: SMS_OPT_IN_TEXT });
  expect(box).not.toBeChecked();
  expect(SMS_OPT_IN_TEXT).toMatch(/confirmation/);
  expect(SMS_OPT_IN_TEXT).toMatch(/reminder the day before/);
  expect(SMS_OPT_IN_TEXT).toMatch(/Reply STOP/);
});

test('while texts are off the form promises none: no SMS opt-in', async () => {
  await setup({ seed: { smsEnabled: false } });
  await screen.findByRole('textbox', { name: 'Full Name' });
  expect(screen.queryByRole('checkbox', { name: SMS_OPT_IN_TEXT })).toBeNull();
  expect(screen.queryByText(/Send me text messages/)).toBeNull();
});

describe('checks: the shared schema for errors, the security kit for warnings', () => {
  test("e-mail, phone and name are checked inline once a field is left, in the schema's words", async () => {
    const user = userEvent.setup({ delay: null });
    await setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email Address' }), 'jane@');
    await user.tab();
    expect(field('Email Address')).toHaveAccessibleDescription(schemaMessage('email', 'jane@'));
    expect(field('Email Address')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Phone'), '555-12');
    await user.tab();
    expect(screen.getByText(schemaMessage('phone', '555-12'))).toHaveClass('field-error');

    await user.type(field('Full Name'), '<b>Jane</b>');
    await user.tab();
    expect(field('Full Name')).toHaveAccessibleDescription(schemaMessage('name', '<b>Jane</b>'));
  });

  test("a name over the schema's limit gets the schema's own message (the limit is LIMITS.name)", async () => {
    const user = userEvent.setup({ delay: null });
    const { create } = await setup();
    const name = 'A'.repeat(LIMITS.name + 10);
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.clear(field('Full Name'));
    await user.click(field('Full Name'));
    await user.paste(name);
    // Nothing is cut off silently: what she pasted stays, with the reason it cannot be sent.
    expect(field('Full Name')).toHaveValue(name);
    expect(screen.getByText(schemaMessage('name', name))).toHaveClass('field-error');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(field('Full Name')).toHaveFocus();
    expect(create).not.toHaveBeenCalled();
  });

  test('warnings are shown and do not block the request', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await setup();
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user, { email: 'admin@mailinator.com' });
    await user.type(field('Phone'), '12345');

    expect(screen.getByText(warningMessages.adminEmail)).toBeInTheDocument();
    expect(screen.getByText(warningMessages.disposableEmail)).toBeInTheDocument();
    expect(screen.getByText(warningMessages.phoneLength)).toBeInTheDocument();

    // A name the schema takes whatever LIMITS.name is; the e-mail and phone warnings stay on screen.
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Maria Lopez');
    expect(screen.getByText(warningMessages.adminEmail)).toBeInTheDocument();
    expect(screen.getByText(warningMessages.phoneLength)).toBeInTheDocument();
    // Five digits are no phone number: that one is an error, so it goes before sending.
    await user.clear(field('Phone'));
    await user.click(submitButton());
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
    expect(await bookings(server)).toHaveLength(1);
  });

  test('a name of exactly LIMITS.name characters is sent and stored whole (docs/product.md §5)', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await setup();
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), `Maria ${'a'.repeat(LIMITS.name - 6)}`);

    await user.click(submitButton());
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
    expect((await bookings(server))[0]?.name).toHaveLength(LIMITS.name);
  });

  test('opting in to SMS needs a phone number', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({ seed: { smsEnabled: true } });
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(screen.getByRole('checkbox', { name: SMS_OPT_IN_TEXT }));
    await user.click(submitButton());
    expect(
      await screen.findByText('Enter a phone number to receive text messages, or untick the box.'),
    ).toBeInTheDocument();
  });
});

describe('dates', () => {
  test('an unavailable date stops the submit with the docs/product.md §5 message; one availability request serves it all', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, create } = await setup();
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    fireEvent.change(dateInput('Preferred Date'), { target: { value: day(4) } });
    expect(screen.getByText('This date is not available. Please choose another one.')).toBeInTheDocument();

    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The following dates are not available: ${day(4)}. Please select different dates.`,
    );
    expect(create).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Suggest next available date for Preferred Date' }));
    expect(dateInput('Preferred Date')).toHaveValue(day(3));
    expect(screen.getByText('This date is available.')).toBeInTheDocument();
    expect(server.requests('GET /api/availability')).toBe(1);
  });

  test('photoshoot: both dates are checked on submit and listed together', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({ url: '/book-me?selectedService=photoshoot&selectedTier=photoshoot-mini' });
    await user.type(await screen.findByRole('textbox', { name: 'Full Name' }), 'Jane Doe');
    await user.type(field('Email Address'), 'jane@example.com');
    await user.type(field('Consultation Location'), 'Cafe');
    await user.type(field('Shoot Location'), 'Desert');
    await user.type(field('Project Description'), 'Lookbook.');
    fireEvent.change(dateInput('Consultation Meeting Date'), { target: { value: day(2) } });
    fireEvent.change(dateInput('Preferred Shoot Date'), { target: { value: day(4) } });
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The following dates are not available: ${day(4)}, ${day(2)}. Please select different dates.`,
    );
  });

  test('no available date in the next 30 days is said plainly', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({
      seed: {
        availability: {
          periods: [
            {
              startDate: day(40),
              endDate: day(60),
              isAvailable: true,
              notes: '',
            },
          ],
          unavailable: [],
          slots: [],
        },
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Service Type' }), 'usergeneratedcontent');
    await user.click(screen.getByRole('button', { name: 'Suggest next available date for Preferred Date' }));
    expect(screen.getByText(/No available date in the next 30 days/)).toBeInTheDocument();
    expect(dateInput('Preferred Date')).toHaveValue('');
  });

  test('the calendar opens on the month of the first day that can be booked', async () => {
    const user = userEvent.setup({ delay: null });
    const nextMonth = format(addMonths(new Date(), 1), 'yyyy-MM');
    const open = `${nextMonth}-10`;
    await setup({
      url: '/book-me?selectedService=usergeneratedcontent',
      seed: {
        availability: {
          periods: [
            {
              startDate: open,
              endDate: `${nextMonth}-20`,
              isAvailable: true,
              notes: '',
            },
          ],
          unavailable: [],
          slots: [],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Show calendar' }));
    const calendar = await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
    // Nothing of this month can be booked: the grid shown is next month's, with its first open day to pick.
    const first = await waitFor(() => {
      const cell = monthCell(calendar, open);
      expect(cell).not.toBeNull();
      return cell!;
    });
    expect(first).not.toHaveAttribute('data-disabled');
    expect(monthCell(calendar, format(new Date(), 'yyyy-MM-dd'))).toBeNull();
    await user.click(first.querySelector('button')!);
    expect(dateInput('Preferred Date')).toHaveValue(open);
  });

  test('the calendar shows unavailable days as unavailable before picking, and a pick fills the field', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({ url: '/book-me?selectedService=usergeneratedcontent' });
    await user.click(await screen.findByRole('button', { name: 'Show calendar' }));
    const calendar = await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
    const cell = (iso: string) => monthCell(calendar, iso);
    const show = async (iso: string) => {
      await turnTo(user, calendar, iso);
      return cell(iso);
    };
    // today+1 is blocked by the unavailable range, today+4 by its only (unavailable) time slot.
    expect(await show(day(1))).toHaveAttribute('data-disabled', 'true');
    expect(cell(day(1))?.querySelector('button')).toBeDisabled();
    expect(await show(day(4))).toHaveAttribute('data-disabled', 'true');
    const free = await show(day(5));
    expect(free).not.toHaveAttribute('data-disabled');
    await user.click(free!.querySelector('button')!);
    expect(dateInput('Preferred Date')).toHaveValue(day(5));
    expect(screen.getByRole('button', { name: 'Show calendar' })).toHaveFocus();
  });
});

test('the calendar works from the keyboard: focus moves into it, arrows move, Enter picks, Escape closes', async () => {
  const user = userEvent.setup({ delay: null });
  await setup({ url: '/book-me?selectedService=usergeneratedcontent' });
  const toggle = await screen.findByRole('button', { name: 'Show calendar' });
  toggle.focus();
  await user.keyboard('{Enter}');
  const calendar = await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
  await waitFor(() => expect(calendar).toContainElement(document.activeElement as HTMLElement));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('group', { name: 'Calendar for Preferred Date' })).not.toBeInTheDocument();
  expect(toggle).toHaveFocus();

  await user.keyboard('{Enter}');
  await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
  // Focus starts on today; today..today+2 are unavailable, so the first arrow steps land on available days later on.
  await waitFor(() => expect(document.activeElement?.closest('[data-day]')).not.toBeNull());
  const start = document.activeElement?.closest('[data-day]')?.getAttribute('data-day');
  await user.keyboard('{ArrowRight}');
  const next = document.activeElement?.closest('[data-day]')?.getAttribute('data-day');
  expect(next).not.toBe(start);
  await user.keyboard('{Enter}');
  expect(dateInput('Preferred Date')).toHaveValue(next);
});

describe('submitting', () => {
  test("'Submitting...' while sending, 'Thank You!' for 3 s, then the form resets", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { server, create, realCreate } = await setup();
    let release: () => void = () => undefined;
    create.mockImplementation(async (input, key) => {
      await new Promise<void>((r) => (release = r));
      return realCreate(input, key);
    });
    // The page's first reads, over real HTTP: the fake clock does not move them, so they are waited for.
    await act(() => server.idle());
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();

    await act(async () => {
      release();
      await server.idle();
    });
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).not.toBeInTheDocument();
    expect(field('Full Name')).toHaveValue('');
    expect(select('Service Type')).toHaveValue('');
    expect(field('Project Description')).toHaveValue('');
    expect(field('Full Name')).toHaveFocus();
  });

  test('a failed send keeps what she typed, says it was not sent, and the retry cannot store it twice', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, create } = await setup();
    // The first attempt is stored but its answer is lost: the retry must not create a second booking.
    server.loseNextAnswer('POST /api/bookings');
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your request was not sent.');
    expect(alert).toHaveTextContent('Press the button again to retry.');
    expect(field('Full Name')).toHaveValue('Jane Doe');
    expect(field('Project Description')).toHaveValue('Three reels for a launch.');
    expect(select('Service Package')).toHaveValue('ugc-single');

    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(2);
    const [first, second] = create.mock.calls;
    expect(second?.[1]).toBe(first?.[1]);
    expect(await bookings(server)).toHaveLength(1);
  });

  test('an edited request after a lost answer gets a new key, so it is stored, not refused as a reused key', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, create } = await setup();
    server.loseNextAnswer('POST /api/bookings');
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    await screen.findByRole('alert');
    await user.type(field('Project Description'), ' And a poster.');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    const [first, second] = create.mock.calls;
    expect(second?.[1]).not.toBe(first?.[1]);
    expect(await bookings(server)).toHaveLength(2);
  });

  test('after a success the next request gets a fresh idempotency key', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { create, server } = await setup();
    // The page's first reads, over real HTTP: the fake clock does not move them, so they are waited for.
    await act(() => server.idle());
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    await act(() => server.idle());
    await screen.findByRole('heading', { name: 'Thank You!' });
    await act(async () => jest.advanceTimersByTime(3000));
    await fillUgc(user);
    await user.click(submitButton());
    await act(() => server.idle());
    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(create.mock.calls[1]?.[1]).not.toBe(create.mock.calls[0]?.[1]);
    expect(await bookings(server)).toHaveLength(2);
  });

  test("the server's field errors are shown next to the fields", async () => {
    const user = userEvent.setup({ delay: null });
    const { create } = await setup();
    create.mockRejectedValueOnce(
      new BackendError('validation', 'Some fields are not valid.', {
        status: 400,
        fieldErrors: { email: ['Must be a valid e-mail address'], description: ['Must be 2000 characters or less'] },
      }),
    );
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    expect(await screen.findByText('Must be a valid e-mail address')).toBeInTheDocument();
    expect(field('Email Address')).toHaveAccessibleDescription('Must be a valid e-mail address');
    expect(field('Project Description')).toHaveAccessibleDescription('Must be 2000 characters or less');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your request was not sent. Please correct the highlighted fields.',
    );
  });

  test("the server's refusals are shown in its words, e.g. a rate limit", async () => {
    const user = userEvent.setup({ delay: null });
    const { create } = await setup();
    create.mockRejectedValueOnce(
      new BackendError('rate-limited', 'Too many requests.', { status: 429, retryAfter: 42 }),
    );
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 42 seconds.');
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });
});
