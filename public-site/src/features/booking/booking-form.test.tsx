// The booking form (docs/product.md §5) against the real server (shared/src/test-support/studio-server.ts).
// Its fields, what the page shows when nothing can be booked, and the SMS opt-in; the checks, the dates and the
// submitting are in booking-form-checks, -dates and -submitting.test.tsx.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Service } from '@studio/shared/domain';
import { studioServer } from '@studio/shared/test-support/studio-server';
import { SMS_OPT_IN_TEXT } from '@studio/shared/messages';
import { renderWithBackend } from '../../test-support/render';
import { BookingPage } from './booking-page';
import { dateInput, field, OPEN, select, SERVICES, setup, submitButton } from './booking-form-support';

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
      contractTemplate: 'modeling',
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
