import {
  PAYMENT_HALF_UPFRONT,
  PAYMENT_MONTHLY_IN_ADVANCE,
  PLAIN_SERVICE_RULES,
  SHOOT_SERVICE_RULES,
} from './service-rules';
import { NAME_LETTER_MESSAGE, PHONE_FORMAT_MESSAGE } from '../api/bookings';
import { NO_MARKUP_MESSAGE } from '../api/text-rules';
import { acceptBooking, fieldErrorMessages, type AcceptBookingContext, type BookingRefusal } from './accept-booking';
import type { PublicAvailability } from './availability-types';
import type { BookingInput } from './booking-types';
import type { Service } from './service-types';

const TODAY = '2026-11-21';

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
    tiers: [
      {
        id: 'ugc-weekly',
        displayName: 'Weekly Content',
        price: '$500',
        includes: [],
        paymentSchedule: PAYMENT_MONTHLY_IN_ADVANCE,
      },
    ],
    rules: { ...PLAIN_SERVICE_RULES, paymentSchedule: PAYMENT_HALF_UPFRONT },
  },
];

const availability: PublicAvailability = {
  periods: [{ id: 'p1', startDate: '2026-11-21', endDate: '2027-01-31', isAvailable: true }],
  unavailable: [{ id: 'u1', startDate: '2026-12-10', endDate: '2026-12-12' }],
  slots: [{ id: 's1', date: '2026-12-05', startTime: '09:00', endTime: '17:00', isAvailable: false }],
};

const ctx: AcceptBookingContext = { services, availability, today: TODAY };

const ugc = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+15551234567',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-weekly',
  date: '2026-12-01',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'Three short videos.',
  smsOptIn: false,
  ...over,
});

const photoshoot = (over: Partial<BookingInput> = {}): BookingInput =>
  ugc({
    serviceId: 'photoshoot',
    serviceTierId: 'photoshoot-mini',
    consultationDate: '2026-11-25',
    consultationLocation: 'Video call',
    location: 'Papago Park',
    ...over,
  });

function refusal(input: unknown, context: AcceptBookingContext = ctx): BookingRefusal {
  const decision = acceptBooking(input, context);
  if (decision.ok) throw new Error('expected the booking to be refused');
  return decision;
}

describe('acceptBooking: an accepted request', () => {
  it('answers the record to store: the fields sent, what the service and tier derive, and status New', () => {
    expect(acceptBooking(ugc(), ctx)).toEqual({
      ok: true,
      record: {
        ...ugc(),
        endDate: '',
        time: '',
        consultationTime: '',
        service: 'User-Generated Content',
        servicePrice: '$500',
        serviceTier: 'Weekly Content',
        paymentSchedule: 'Monthly in advance',
        status: 'New',
      },
    });
  });

  it('trims every text field a visitor types', () => {
    const decision = acceptBooking(
      photoshoot({
        name: '  Jane Doe ',
        email: ' jane@example.com  ',
        phone: ' +15551234567 ',
        consultationLocation: '\tVideo call ',
        location: ' Papago Park\n',
        description: '\n  Lookbook.  \n',
      }),
      ctx,
    );
    expect(decision.ok && decision.record).toMatchObject({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+15551234567',
      consultationLocation: 'Video call',
      location: 'Papago Park',
      description: 'Lookbook.',
    });
  });

  it('takes a date of today without a notice, and a request with no date at all needs no availability', () => {
    const noNotice = { ...ctx, availability: { ...availability, minNoticeDays: 0 } };
    expect(acceptBooking(ugc({ date: TODAY }), noNotice).ok).toBe(true);
    const closed: PublicAvailability = { periods: [], unavailable: [], slots: [] };
    expect(acceptBooking(ugc({ date: '' }), { ...ctx, availability: closed }).ok).toBe(true);
  });

  it('takes availability documents with more fields than the public view (as a Cloud Function reads them)', () => {
    const stored = {
      periods: [{ id: 'p1', startDate: TODAY, endDate: '2027-01-31', isAvailable: true, notes: 'private' }],
      unavailable: [{ id: 'u1', startDate: '2026-12-10', endDate: '2026-12-12', reason: 'private' }],
      slots: [],
    };
    expect(acceptBooking(ugc(), { ...ctx, availability: stored }).ok).toBe(true);
  });
});

describe('acceptBooking: the fields themselves (the shared schema), 400', () => {
  it('names each field with a code and the message beside it', () => {
    const r = refusal(ugc({ name: '', email: 'not-an-email', phone: '555-CALL' }));
    expect(r).toMatchObject({ ok: false, code: 'invalid-fields', status: 400, message: 'Some fields are not valid.' });
    expect(r.fieldErrors).toEqual({
      name: [{ code: 'required', message: 'Required' }],
      email: [{ code: 'format', message: 'Must be a valid e-mail address' }],
      phone: [{ code: 'format', message: PHONE_FORMAT_MESSAGE }],
    });
  });

  it('refuses markup in the name, the description and the locations', () => {
    const r = refusal(
      photoshoot({
        name: '<b>Jane</b>',
        description: '<img src=x onerror=alert(1)>',
        consultationLocation: 'javascript:alert(1)',
        location: '<script>x</script>',
      }),
    );
    const markup = [{ code: 'markup', message: NO_MARKUP_MESSAGE }];
    expect(r.fieldErrors).toEqual({
      name: markup,
      description: markup,
      consultationLocation: markup,
      location: markup,
    });
  });

  it('refuses a name without a letter, in any script, and takes names in other scripts', () => {
    for (const name of ['123', '...', '— —', '\u0301', '😀']) {
      expect(refusal(ugc({ name })).fieldErrors).toEqual({ name: [{ code: 'format', message: NAME_LETTER_MESSAGE }] });
    }
    for (const name of ['Zoë', '李娜', 'Ана', "D'Arcy O'Brien-2"])
      expect(acceptBooking(ugc({ name }), ctx).ok).toBe(true);
  });

  it('refuses a name over 50 characters, and takes one of 50 (docs/product.md §5)', () => {
    expect(refusal(ugc({ name: 'N'.repeat(51) })).fieldErrors).toEqual({
      name: [{ code: 'too-long', message: 'Must be 50 characters or less' }],
    });
    expect(acceptBooking(ugc({ name: 'N'.repeat(50) }), ctx).ok).toBe(true);
    // The limit is on the trimmed name.
    expect(acceptBooking(ugc({ name: ` ${'N'.repeat(50)} ` }), ctx).ok).toBe(true);
  });

  it('refuses control characters, a wrong type, an impossible date and a date that is not YYYY-MM-DD', () => {
    expect(refusal(ugc({ name: 'Jane\u0000Doe' })).fieldErrors.name?.[0]?.code).toBe('control-characters');
    expect(refusal({ ...ugc(), smsOptIn: 'yes' }).fieldErrors.smsOptIn?.[0]?.code).toBe('wrong-type');
    expect(refusal(ugc({ date: '2026-02-30' })).fieldErrors).toEqual({
      date: [{ code: 'format', message: 'Must be a real calendar date' }],
    });
    expect(refusal(ugc({ date: '01/02/2027' })).fieldErrors.date?.[0]?.code).toBe('format');
  });

  it('refuses a field the visitor may not set, under "_"', () => {
    const r = refusal({ ...ugc(), status: 'Confirmed', servicePrice: '$0' });
    expect(r.fieldErrors).toEqual({
      _: [{ code: 'unknown-field', message: 'Unknown field(s): status, servicePrice' }],
    });
  });

  it.each([null, undefined, 'booking', 42, [ugc()], {}])('refuses %p without throwing', (input) => {
    expect(refusal(input)).toMatchObject({ code: 'invalid-fields', status: 400 });
  });
});

describe('acceptBooking: the rules after the schema, in order', () => {
  it('a photoshoot needs its consultation date and location, shoot date and location, each Required', () => {
    const r = refusal(photoshoot({ consultationDate: '', consultationLocation: '  ', date: '', location: '' }));
    expect(r).toMatchObject({ code: 'invalid-fields', status: 400, message: 'Some fields are not valid.' });
    const required = [{ code: 'required', message: 'Required' }];
    expect(r.fieldErrors).toEqual({
      consultationDate: required,
      consultationLocation: required,
      date: required,
      location: required,
    });
  });

  it('an unknown service or tier, with the words of docs/product.md §5', () => {
    expect(refusal(ugc({ serviceId: 'skydiving' }))).toEqual({
      ok: false,
      code: 'service-not-found',
      status: 400,
      message: 'Selected service not found',
      fieldErrors: { serviceId: [{ code: 'service-not-found', message: 'Selected service not found' }] },
      unavailableDates: [],
    });
    expect(refusal(ugc({ serviceTierId: 'photoshoot-mini' }))).toEqual({
      ok: false,
      code: 'tier-not-found',
      status: 400,
      message: 'Selected tier not found',
      fieldErrors: { serviceTierId: [{ code: 'tier-not-found', message: 'Selected tier not found' }] },
      unavailableDates: [],
    });
  });

  it('a date before today, on each date field that has one', () => {
    const past = [{ code: 'date-in-past', message: 'Please choose a date that is not in the past.' }];
    const r = refusal(photoshoot({ date: '2026-11-20', consultationDate: '2025-01-01' }));
    expect(r).toMatchObject({ code: 'date-in-past', status: 400 });
    expect(r.fieldErrors).toEqual({ date: past, consultationDate: past });
    // Before the availability check: a past date outside every period is still a past date.
    expect(refusal(ugc({ date: '2020-01-01' })).code).toBe('date-in-past');
  });

  it('every entered date that is not available, 409, with the docs/product.md §5 message naming them', () => {
    const r = refusal(photoshoot({ date: '2026-12-11', consultationDate: '2026-12-05' }));
    expect(r).toEqual({
      ok: false,
      code: 'dates-unavailable',
      status: 409,
      message: 'The following dates are not available: 2026-12-11, 2026-12-05. Please select different dates.',
      fieldErrors: {},
      unavailableDates: ['2026-12-11', '2026-12-05'],
    });
    // Outside every period, and with no period at all.
    expect(refusal(ugc({ date: '2027-03-01' })).unavailableDates).toEqual(['2027-03-01']);
    const closed: PublicAvailability = { periods: [], unavailable: [], slots: [] };
    expect(refusal(ugc(), { ...ctx, availability: closed }).code).toBe('dates-unavailable');
  });

  it('one date entered twice is named once', () => {
    expect(refusal(photoshoot({ date: '2026-12-11', consultationDate: '2026-12-11' })).unavailableDates).toEqual([
      '2026-12-11',
    ]);
  });
});

test('fieldErrorMessages gives the { field: [message] } shape the API and BackendError carry', () => {
  expect(fieldErrorMessages(refusal(ugc({ name: '', email: 'x' })).fieldErrors)).toEqual({
    name: ['Required'],
    email: ['Must be a valid e-mail address'],
  });
  expect(fieldErrorMessages({})).toEqual({});
});
