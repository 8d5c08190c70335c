// The booking's rules on dates, each refused and accepted at its boundary: the minimum notice, the shoot after its
// consultation, the time slots, multi-day shoots checked day by day, and days held by confirmed bookings.
import {
  PAYMENT_HALF_UPFRONT,
  PAYMENT_MONTHLY_IN_ADVANCE,
  PLAIN_SERVICE_RULES,
  SHOOT_SERVICE_RULES,
} from './service-rules';
import { acceptBooking, type AcceptBookingContext, type BookingDecision } from './accept-booking';
import { bookedDaysOf } from './booking-rules';
import { isDateAvailable, nextAvailableDate, suggestionStart } from './availability';
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
const open: PublicAvailability = {
  periods: [{ id: 'p1', startDate: '2026-11-01', endDate: '2027-01-31', isAvailable: true }],
  unavailable: [{ id: 'u1', startDate: '2026-12-10', endDate: '2026-12-10' }],
  slots: [
    { id: 's1', date: '2026-12-01', startTime: '09:00', endTime: '11:00', isAvailable: true },
    { id: 's2', date: '2026-12-01', startTime: '13:00', endTime: '15:00', isAvailable: true },
  ],
};
const ctx = (availability: Partial<PublicAvailability> = {}): AcceptBookingContext => ({
  services,
  availability: { ...open, ...availability },
  today: TODAY,
});
const shoot = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: 'photoshoot',
  serviceTierId: 'photoshoot-mini',
  date: '2026-11-26',
  consultationDate: '2026-11-24',
  consultationLocation: 'Video call',
  location: 'Papago Park',
  description: 'Lookbook.',
  smsOptIn: false,
  ...over,
});
const errorsOf = (d: BookingDecision) => (d.ok ? null : { code: d.code, status: d.status, fields: d.fieldErrors });

describe('minimum notice (default 2 days)', () => {
  it('refuses tomorrow and takes the day after, for each date', () => {
    const r = acceptBooking(shoot({ consultationDate: '2026-11-22', date: '2026-11-23' }), ctx());
    expect(errorsOf(r)).toEqual({
      code: 'too-soon',
      status: 400,
      fields: { consultationDate: [{ code: 'too-soon', message: 'Please choose a date at least 2 days from today.' }] },
    });
    expect(acceptBooking(shoot({ consultationDate: '2026-11-23', date: '2026-11-23' }), ctx()).ok).toBe(true);
  });

  it('follows the setting', () => {
    expect(acceptBooking(shoot({ consultationDate: '2026-11-23' }), ctx({ minNoticeDays: 3 })).ok).toBe(false);
    expect(acceptBooking(shoot({ consultationDate: '2026-11-24' }), ctx({ minNoticeDays: 3 })).ok).toBe(true);
  });

  it('the suggestion starts at the notice, and a shoot after its consultation', () => {
    expect(suggestionStart(TODAY, open)).toBe('2026-11-23');
    expect(suggestionStart(TODAY, open, '2026-11-30')).toBe('2026-12-01');
    expect(nextAvailableDate(suggestionStart(TODAY, open, '2026-12-09'), open)).toBe('2026-12-11');
  });
});

describe('the shoot and its consultation', () => {
  it('refuses a shoot the day before the consultation, takes one the same day', () => {
    const r = acceptBooking(shoot({ consultationDate: '2026-11-26', date: '2026-11-25' }), ctx());
    expect(errorsOf(r)).toEqual({
      code: 'invalid-fields',
      status: 400,
      fields: { date: [{ code: 'before-consultation', message: 'The shoot cannot be before the consultation.' }] },
    });
    expect(acceptBooking(shoot({ consultationDate: '2026-11-26', date: '2026-11-26' }), ctx()).ok).toBe(true);
  });
});

describe('time slots', () => {
  it('where the admin set slots, one must be chosen; a chosen slot must be offered', () => {
    const none = acceptBooking(shoot({ date: '2026-12-01' }), ctx());
    expect(errorsOf(none)?.fields).toEqual({
      time: [{ code: 'time-required', message: 'Please choose one of the times offered on this date.' }],
    });
    const wrong = acceptBooking(shoot({ date: '2026-12-01', time: '10:00-11:00' }), ctx());
    expect(errorsOf(wrong)?.fields).toEqual({
      time: [{ code: 'time-not-offered', message: 'This time is not offered on this date.' }],
    });
    const chosen = acceptBooking(shoot({ date: '2026-12-01', time: '13:00-15:00' }), ctx());
    expect(chosen.ok && chosen.record).toMatchObject({ date: '2026-12-01', time: '13:00-15:00' });
  });

  it('refuses a time on a day without slots', () => {
    expect(errorsOf(acceptBooking(shoot({ time: '09:00-11:00' }), ctx()))?.fields).toHaveProperty('time');
  });

  it('a slot a confirmed booking holds is unavailable (409); the other slot of the day is still free', () => {
    const booked = bookedDaysOf([
      { date: '2026-12-01', endDate: '', time: '09:00-11:00', consultationDate: '', consultationTime: '' },
    ]);
    const taken = acceptBooking(shoot({ date: '2026-12-01', time: '09:00-11:00' }), ctx({ booked }));
    expect(taken).toMatchObject({ ok: false, status: 409, unavailableDates: ['2026-12-01'] });
    expect(acceptBooking(shoot({ date: '2026-12-01', time: '13:00-15:00' }), ctx({ booked })).ok).toBe(true);
  });
});

describe('days held by confirmed bookings', () => {
  const booked = bookedDaysOf([
    { date: '2026-11-30', endDate: '2026-12-02', time: '', consultationDate: '2026-11-27', consultationTime: '' },
  ]);

  it('refuses each held day with the docs/product.md §5 message, 409', () => {
    const r = acceptBooking(shoot({ consultationDate: '2026-11-27', date: '2026-11-28' }), ctx({ booked }));
    expect(r).toMatchObject({
      ok: false,
      status: 409,
      message: 'The following dates are not available: 2026-11-27. Please select different dates.',
    });
    // A multi-day booking holds every day of it; the day after is free.
    expect(isDateAvailable('2026-12-02', { ...open, booked })).toBe(false);
    expect(isDateAvailable('2026-12-03', { ...open, booked })).toBe(true);
  });
});

describe('multi-day shoots (an end date)', () => {
  it('checks every day: one unavailable day inside refuses the request, naming it', () => {
    const r = acceptBooking(shoot({ date: '2026-12-08', endDate: '2026-12-11' }), ctx());
    expect(r).toMatchObject({ ok: false, status: 409, unavailableDates: ['2026-12-10'] });
    const ok = acceptBooking(shoot({ date: '2026-12-11', endDate: '2026-12-13' }), ctx());
    expect(ok.ok && ok.record).toMatchObject({ date: '2026-12-11', endDate: '2026-12-13' });
  });

  it('refuses an end before the start, a shoot over 14 days, and an end date for another service', () => {
    const code = (over: Partial<BookingInput>) => errorsOf(acceptBooking(shoot(over), ctx()))?.fields.endDate?.[0];
    expect(code({ date: '2026-12-12', endDate: '2026-12-11' })?.message).toBe(
      'The last shoot day cannot be before the first.',
    );
    expect(acceptBooking(shoot({ date: '2026-12-12', endDate: '2026-12-12' }), ctx()).ok).toBe(true);
    expect(code({ date: '2026-12-11', endDate: '2026-12-25' })?.message).toBe('A shoot can span at most 14 days.');
    expect(acceptBooking(shoot({ date: '2026-12-11', endDate: '2026-12-24' }), ctx()).ok).toBe(true);
    const ugc = shoot({ serviceId: 'usergeneratedcontent', serviceTierId: 'ugc-weekly', endDate: '2026-11-27' });
    expect(
      errorsOf(acceptBooking({ ...ugc, consultationDate: '', consultationLocation: '', location: '' }, ctx()))?.fields
        .endDate?.[0]?.message,
    ).toBe('Only a photoshoot can span several days.');
  });
});
