// The backend contract: a visitor's booking request, taken or refused with the words of docs/product.md §5, and
// the idempotency key that makes sending it twice safe.
import { addCalendarDays, weekdayOf } from '../../domain/availability';
import {
  DATE_IN_PAST,
  FIELDS_NOT_VALID,
  IDEMPOTENCY_KEY_INVALID,
  REQUIRED,
  SERVICE_NOT_FOUND,
  TIER_NOT_FOUND,
  unavailableDatesMessage,
} from '../../messages';
import { IDEMPOTENCY_KEY_REUSED } from '../../refusal-messages';
import { NO_MARKUP_MESSAGE } from '../../api/text-rules';
import type { Backend } from '../port';
import { contractBooking, contractPhotoshoot } from './contract-seed';
import {
  refusedAsInvalid,
  rejection,
  storedBookings,
  type ContractScope,
  type ContractSubject,
} from './contract-support';

/** What a visitor's booking request is checked against, and what is stored of it. */
export function describeBookingRequests({ seed, current }: ContractScope): void {
  describe("a visitor's booking request", () => {
    let backend: Backend;
    let subject: ContractSubject;
    beforeEach(() => {
      ({ backend, subject } = current());
    });

    it('creates a booking with status New, and the same idempotency key twice answers the same', async () => {
      const key = 'contract-key-0001';
      const first = await backend.bookings.create(contractBooking(seed), key);
      expect(first.status).toBe('New');
      expect(first.id).not.toBe('');
      expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
      const again = await backend.bookings.create(contractBooking(seed), key);
      expect(again).toEqual(first);
    });

    it('refuses an invalid booking with a validation error that names the fields', async () => {
      const error = await rejection(
        backend.bookings.create(contractBooking(seed, { name: '', email: 'not-an-email' }), 'contract-key-0002'),
      );
      expect(error.code).toBe('validation');
      expect(Object.keys(error.fieldErrors)).toEqual(expect.arrayContaining(['name', 'email']));
    });

    it('refuses a booking on an unavailable date with a conflict and the docs/product.md §5 message naming it', async () => {
      const error = await rejection(
        backend.bookings.create(contractBooking(seed, { date: seed.blockedDate }), 'contract-key-0003'),
      );
      expect(error).toMatchObject({ code: 'conflict', status: 409, fieldErrors: {} });
      expect(error.message).toBe(unavailableDatesMessage([seed.blockedDate]));
      expect(error.message).toBe(
        `The following dates are not available: ${seed.blockedDate}. Please select different dates.`,
      );
    });

    it('offers her weekly consultation slots, and a confirmed consultation holds only its own slot', async () => {
      await subject.signInAsAdmin();
      const weekday = weekdayOf(seed.openDate);
      const hours = [
        { weekday, startTime: '14:00', endTime: '15:00' },
        { weekday, startTime: '10:00', endTime: '11:00' },
      ];
      await backend.availability.setWeekly(hours);
      const open = await backend.availability.getPublic();
      expect(open.weekly?.map(({ id: _id, ...w }) => w)).toEqual([hours[1], hours[0]]);

      const shootDay = (n: number) => addCalendarDays(seed.openDate, n);
      const first = await backend.bookings.create(
        contractPhotoshoot(seed, { consultationTime: '10:00-11:00', date: shootDay(1) }),
        'contract-weekly-1',
      );
      await backend.bookings.updateStatus(first.id, 'Confirmed');
      const afternoon = await backend.bookings.create(
        contractPhotoshoot(seed, { email: 'sam@example.com', consultationTime: '14:00-15:00', date: shootDay(2) }),
        'contract-weekly-2',
      );
      expect(afternoon.status).toBe('New');
      const taken = await rejection(
        backend.bookings.create(
          contractPhotoshoot(seed, { email: 'kim@example.com', consultationTime: '10:00-11:00', date: shootDay(3) }),
          'contract-weekly-3',
        ),
      );
      expect(taken).toMatchObject({ code: 'conflict', status: 409 });
      expect(taken.message).toBe(unavailableDatesMessage([seed.openDate]));
      const unknown = await rejection(
        backend.bookings.create(
          contractPhotoshoot(seed, { email: 'kim@example.com', consultationTime: '12:00-13:00', date: shootDay(3) }),
          'contract-weekly-4',
        ),
      );
      expect(unknown.code).toBe('validation');
      expect(Object.keys(unknown.fieldErrors)).toEqual(['consultationTime']);
    });

    it('refuses a date in the past, the shoot date or the consultation date', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { date: seed.pastDate }), 'contract-key-0201'),
        DATE_IN_PAST,
        { date: [DATE_IN_PAST] },
      );
      await refusedAsInvalid(
        backend.bookings.create(contractPhotoshoot(seed, { consultationDate: seed.pastDate }), 'contract-key-0202'),
        DATE_IN_PAST,
        { consultationDate: [DATE_IN_PAST] },
      );
      expect(await storedBookings(subject)).toEqual([]);
    });

    it('refuses an idempotency key that is empty, over 100 characters, or has other characters than A-Z a-z 0-9 - _', async () => {
      for (const key of ['', 'k'.repeat(101), 'has spaces', 'a/b', 'dot.ted']) {
        const error = await rejection(backend.bookings.create(contractBooking(seed), key));
        expect({ key, code: error.code, status: error.status, message: error.message }).toEqual({
          key,
          code: 'validation',
          status: 400,
          message: IDEMPOTENCY_KEY_INVALID,
        });
        expect(error.fieldErrors).toEqual({});
      }
      expect(await storedBookings(subject)).toEqual([]);
      const longest = `${'K'.repeat(50)}-${'k'.repeat(48)}_`;
      expect(longest).toHaveLength(100);
      await expect(backend.bookings.create(contractBooking(seed), longest)).resolves.toMatchObject({ status: 'New' });
    });

    it('refuses an idempotency key sent again with another request (422), and still answers the first one', async () => {
      const key = 'contract-key-0301';
      const first = await backend.bookings.create(contractBooking(seed), key);
      const error = await rejection(backend.bookings.create(contractBooking(seed, { name: 'Ann Lee' }), key));
      expect({
        code: error.code,
        status: error.status,
        message: error.message,
        fieldErrors: error.fieldErrors,
      }).toEqual({ code: 'validation', status: 422, message: IDEMPOTENCY_KEY_REUSED, fieldErrors: {} });
      const padded = contractBooking(seed);
      expect(await backend.bookings.create({ ...padded, name: ` ${padded.name} ` }, key)).toEqual(first);
    });

    it('refuses markup in the name and the description', async () => {
      await refusedAsInvalid(
        backend.bookings.create(
          contractBooking(seed, { name: '<b>Jane</b>', description: '<img src=x onerror=alert(1)>' }),
          'contract-key-0203',
        ),
        FIELDS_NOT_VALID,
        { name: [NO_MARKUP_MESSAGE], description: [NO_MARKUP_MESSAGE] },
      );
    });

    // The price, tier name and payment schedule come from the stored service, never from the request: a field the
    // booking schema does not name is refused, not ignored.
    it('refuses a price the visitor sets', async () => {
      // What a script sends past the form; the port's type would not let the extra field through, JSON does.
      const priced = { ...contractBooking(seed), servicePrice: '$1' };
      await refusedAsInvalid(backend.bookings.create(priced, 'contract-key-0209'), FIELDS_NOT_VALID, {
        _: ['Unknown field(s): servicePrice'],
      });
      expect(await storedBookings(subject)).toEqual([]);
    });

    it('refuses an impossible date', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { date: '2031-02-30' }), 'contract-key-0210'),
        FIELDS_NOT_VALID,
        { date: ['Must be a real calendar date'] },
      );
      expect(await storedBookings(subject)).toEqual([]);
    });

    it('refuses a name over 50 characters (docs/product.md §5)', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { name: 'N'.repeat(51) }), 'contract-key-0204'),
        FIELDS_NOT_VALID,
        { name: ['Must be 50 characters or less'] },
      );
    });

    it('refuses a photoshoot without its consultation date and location, shoot date and location', async () => {
      await refusedAsInvalid(
        backend.bookings.create(
          contractPhotoshoot(seed, { consultationDate: '', consultationLocation: ' ', date: '', location: '' }),
          'contract-key-0205',
        ),
        FIELDS_NOT_VALID,
        { consultationDate: [REQUIRED], consultationLocation: [REQUIRED], date: [REQUIRED], location: [REQUIRED] },
      );
    });

    it('refuses an unknown service or tier with the words of docs/product.md §5', async () => {
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { serviceTierId: 'photoshoot-mini' }), 'contract-key-0206'),
        TIER_NOT_FOUND,
        { serviceTierId: [TIER_NOT_FOUND] },
      );
      await refusedAsInvalid(
        backend.bookings.create(contractBooking(seed, { serviceId: 'skydiving' }), 'contract-key-0207'),
        SERVICE_NOT_FOUND,
        { serviceId: [SERVICE_NOT_FOUND] },
      );
    });

    it('stores what a visitor typed trimmed', async () => {
      const created = await backend.bookings.create(
        contractPhotoshoot(seed, {
          name: '  Jane Doe ',
          email: ' jane@example.com\t',
          phone: ' +15551234567 ',
          consultationLocation: '\nVideo call ',
          location: ' Papago Park  ',
          description: '\n  Three short videos for a skincare launch.  \n',
        }),
        'contract-key-0208',
      );
      const stored = (await storedBookings(subject)).find((b) => b.id === created.id);
      const sent = contractPhotoshoot(seed);
      expect(stored).toMatchObject({
        name: sent.name,
        email: sent.email,
        phone: sent.phone,
        consultationLocation: sent.consultationLocation,
        location: sent.location,
        description: sent.description,
      });
    });
  });
}
