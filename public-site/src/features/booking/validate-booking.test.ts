// The booking form's checks as a pure function: one message per field, the texts of docs/product.md §5 word for word, the shared
// schema's own messages and limits, and the values sent as the backend will parse them.
import { SHOOT_SERVICE_RULES, type Service } from '@studio/shared/domain';
import { DATE_IN_PAST, SERVICE_NOT_FOUND, TIER_NOT_FOUND } from '@studio/shared/messages';
import { bookingInputSchema, fieldErrorsOf } from '@studio/shared/schemas';
import { EMPTY_BOOKING, payloadOf, type BookingFormValues } from './booking-values';
import { validateBooking } from './validate-booking';

const TODAY = '2030-06-15';

const services: Service[] = [
  {
    id: 'photoshoot',
    displayName: 'Photoshoot',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'photoshoot-mini', displayName: 'Mini Session', price: '$250', includes: [] }],
    rules: SHOOT_SERVICE_RULES,
  },
  {
    id: 'usergeneratedcontent',
    displayName: 'User-Generated Content',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'ugc-single', displayName: 'Single Video', price: '$150', includes: [] }],
  },
];

const ugc: BookingFormValues = {
  ...EMPTY_BOOKING,
  name: 'Jane Doe',
  email: 'jane@example.com',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-single',
  description: 'Three reels.',
};

const check = (over: Partial<BookingFormValues>) => validateBooking({ ...ugc, ...over }, services, TODAY);

test('a complete request has no error, and what is sent is what the shared schema accepts', () => {
  expect(check({})).toEqual({});
  expect(bookingInputSchema.safeParse(payloadOf(ugc, services)).success).toBe(true);
});

test("required fields say '{label} is required' with the chosen service's labels", () => {
  expect(check({ name: ' ', email: '', description: '' })).toEqual({
    name: 'Full Name is required',
    email: 'Email Address is required',
    description: 'Project Description is required',
  });
  expect(check({ serviceId: '', serviceTierId: '' })).toEqual({
    serviceId: 'Service Type is required',
    serviceTierId: 'Service Package is required',
  });
  expect(check({ serviceId: 'photoshoot', serviceTierId: 'photoshoot-mini' })).toEqual({
    consultationDate: 'Consultation Meeting Date is required',
    consultationLocation: 'Consultation Location is required',
    date: 'Preferred Shoot Date is required',
    location: 'Shoot Location is required',
  });
});

test("a value the schema refuses gets the schema's first message for that field, and only that one", () => {
  const bad = { email: 'jane@', phone: '555-12', name: '<b>Jane</b>', description: 'x'.repeat(10_000) };
  const parsed = bookingInputSchema.safeParse({ ...ugc, ...bad });
  expect(parsed.success).toBe(false);
  const schemaErrors = fieldErrorsOf(parsed.error!);
  expect(check(bad)).toEqual({
    email: schemaErrors.email![0],
    phone: schemaErrors.phone![0],
    name: schemaErrors.name![0],
    description: schemaErrors.description![0],
  });
});

test('a service or package that does not exist gets the words of docs/product.md §5', () => {
  expect(check({ serviceId: 'retired-service' })).toEqual({ serviceId: SERVICE_NOT_FOUND });
  expect(check({ serviceTierId: 'photoshoot-mini' })).toEqual({ serviceTierId: TIER_NOT_FOUND });
  expect(SERVICE_NOT_FOUND).toBe('Selected service not found');
  expect(TIER_NOT_FOUND).toBe('Selected tier not found');
});

test('dates before her today are refused; within the notice (2 days) too; the day after tomorrow is fine', () => {
  expect(check({ date: '2030-06-14' })).toEqual({ date: DATE_IN_PAST });
  expect(check({ date: TODAY })).toEqual({ date: 'Please choose a date at least 2 days from today.' });
  expect(check({ date: '2030-06-16' })).toEqual({ date: 'Please choose a date at least 2 days from today.' });
  expect(check({ date: '2030-06-17' })).toEqual({});
});

test('text messages need a phone number', () => {
  expect(check({ smsOptIn: true })).toEqual({
    phone: 'Enter a phone number to receive text messages, or untick the box.',
  });
  expect(check({ smsOptIn: true, phone: '+15551230000' })).toEqual({});
});

test('spaces around single-line fields are not held against her, and are not sent', () => {
  const spaced = { ...ugc, name: ' Jane Doe ', email: ' jane@example.com ', phone: ' 5551230000 ' };
  expect(validateBooking(spaced, services, TODAY)).toEqual({});
  expect(payloadOf(spaced, services)).toMatchObject({
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '5551230000',
  });
});

test('fields the chosen service does not show are sent empty', () => {
  const switched = { ...ugc, consultationDate: '2030-07-01', consultationLocation: 'Cafe', location: 'Desert' };
  expect(payloadOf(switched, services)).toMatchObject({ consultationDate: '', consultationLocation: '', location: '' });
  expect(payloadOf({ ...switched, serviceId: 'photoshoot' }, services)).toMatchObject({ location: 'Desert' });
});
