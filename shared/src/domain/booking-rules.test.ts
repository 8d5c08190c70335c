import { BOOKING_FIELD_LABELS } from '../api/bookings';
import {
  datesToCheck,
  findBookingService,
  labelFor,
  missingRequiredFields,
  newBookingRecord,
  requiredFieldsFor,
} from './booking-rules';
import { PLAIN_SERVICE_RULES, SHOOT_SERVICE_RULES } from './service-rules';
import type { BookingInput } from './booking-types';
import type { Service, Tier } from './service-types';

// The rules decide, not the ids: a service of any id with a consultation behaves as the photoshoot.
const shoot = { rules: SHOOT_SERVICE_RULES };
const plain = { rules: PLAIN_SERVICE_RULES };
const serviceWith = (id: string, rules: Service['rules']): Service => ({
  id,
  displayName: id,
  description: '',
  image: '',
  price: '',
  tiers: [],
  rules,
});
const SERVICES = [serviceWith('photoshoot', SHOOT_SERVICE_RULES), serviceWith('others', PLAIN_SERVICE_RULES)];

const input = (over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: 'others',
  serviceTierId: 'others-hourly',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'A look-book',
  smsOptIn: false,
  ...over,
});

describe('requiredFieldsFor (docs/product.md §5)', () => {
  it('always requires name, e-mail, service, package and description', () => {
    expect(requiredFieldsFor(plain)).toEqual(['name', 'email', 'serviceId', 'serviceTierId', 'description']);
    expect(requiredFieldsFor({})).toEqual(requiredFieldsFor(plain));
    expect(requiredFieldsFor(undefined)).toEqual(requiredFieldsFor(plain));
  });

  it('also requires the consultation and shoot dates and locations for a photoshoot', () => {
    expect(requiredFieldsFor(shoot)).toEqual([
      'name',
      'email',
      'serviceId',
      'serviceTierId',
      'description',
      'consultationDate',
      'consultationLocation',
      'date',
      'location',
    ]);
  });

  it('never requires the phone or the SMS opt-in', () => {
    for (const rules of [shoot, plain]) {
      expect(requiredFieldsFor(rules)).not.toContain('phone');
      expect(requiredFieldsFor(rules)).not.toContain('smsOptIn');
    }
  });
});

describe('missingRequiredFields', () => {
  it('answers nothing for a complete request', () => {
    expect(missingRequiredFields(input(), SERVICES)).toEqual([]);
  });

  it('lists empty and blank required fields', () => {
    expect(missingRequiredFields(input({ name: '', description: '   ', serviceTierId: '' }), SERVICES)).toEqual([
      'name',
      'serviceTierId',
      'description',
    ]);
  });

  it('leaves the preferred date optional outside a photoshoot', () => {
    expect(missingRequiredFields(input({ serviceId: 'usergeneratedcontent', date: '' }), SERVICES)).toEqual([]);
  });

  it('asks a photoshoot for its dates and locations', () => {
    expect(
      missingRequiredFields(input({ serviceId: 'photoshoot', serviceTierId: 'photoshoot-mini' }), SERVICES),
    ).toEqual(['consultationDate', 'consultationLocation', 'date', 'location']);
    expect(
      missingRequiredFields(
        input({
          serviceId: 'photoshoot',
          consultationDate: '2025-06-01',
          consultationLocation: 'Video call',
          date: '2025-06-10',
          location: 'Phoenix',
        }),
        SERVICES,
      ),
    ).toEqual([]);
  });
});

describe('datesToCheck', () => {
  it('answers the entered dates, each once', () => {
    expect(datesToCheck(input({ date: '2025-06-10', consultationDate: '2025-06-01' }))).toEqual([
      '2025-06-10',
      '2025-06-01',
    ]);
    expect(datesToCheck(input({ date: '2025-06-10', consultationDate: '2025-06-10' }))).toEqual(['2025-06-10']);
  });

  it('skips empty dates', () => {
    expect(datesToCheck(input({ date: '2025-06-10' }))).toEqual(['2025-06-10']);
    expect(datesToCheck(input({ consultationDate: '2025-06-01' }))).toEqual(['2025-06-01']);
    expect(datesToCheck(input())).toEqual([]);
  });
});

describe('findBookingService', () => {
  const services: Service[] = [
    {
      id: 'photoshoot',
      displayName: 'Photoshoot',
      description: '',
      image: '',
      price: '',
      tiers: [{ id: 'photoshoot-mini', displayName: 'Mini Session', price: '$250', includes: [] }],
    },
  ];

  it('answers the service and its tier', () => {
    const chosen = findBookingService(services, 'photoshoot', 'photoshoot-mini');
    expect(chosen.found && [chosen.service.displayName, chosen.tier.displayName]).toEqual([
      'Photoshoot',
      'Mini Session',
    ]);
  });

  it('names the service as missing for an unknown service, whatever the tier', () => {
    expect(findBookingService(services, 'nope', 'photoshoot-mini')).toEqual({ found: false, missing: 'service' });
    expect(findBookingService([], 'photoshoot', 'photoshoot-mini')).toEqual({ found: false, missing: 'service' });
  });

  it('names the tier as missing for a tier the service does not have', () => {
    expect(findBookingService(services, 'photoshoot', 'ugc-weekly')).toEqual({ found: false, missing: 'tier' });
  });
});

describe('labels', () => {
  it('uses the labels of docs/product.md §5', () => {
    expect(BOOKING_FIELD_LABELS).toEqual({
      name: 'Full Name',
      email: 'Email Address',
      phone: 'Phone',
      serviceId: 'Service Type',
      serviceTierId: 'Service Package',
      description: 'Project Description',
      consultationDate: 'Consultation Meeting Date',
      consultationLocation: 'Consultation Location',
      date: 'Preferred Date',
      location: 'Shoot Location',
      // The fields of multi-day shoots and time slots.
      endDate: 'Last Shoot Day',
      time: 'Time',
      consultationTime: 'Consultation Time',
    });
  });

  it("calls the date 'Preferred Shoot Date' for a shoot and 'Preferred Date' otherwise", () => {
    expect(labelFor('date', shoot)).toBe('Preferred Shoot Date');
    expect(labelFor('date', plain)).toBe('Preferred Date');
    expect(labelFor('date', undefined)).toBe('Preferred Date');
    expect(labelFor('name', shoot)).toBe('Full Name');
  });

  it("takes the date fields' labels from the service's rules", () => {
    const own = { rules: { ...SHOOT_SERVICE_RULES, dateLabel: 'Wedding Day', consultationDateLabel: 'Tasting Day' } };
    expect(labelFor('date', own)).toBe('Wedding Day');
    expect(labelFor('consultationDate', own)).toBe('Tasting Day');
  });
});

describe('newBookingRecord (docs/product.md §3, §7)', () => {
  const ugc: Service = {
    id: 'usergeneratedcontent',
    displayName: 'User-Generated Content',
    description: '',
    image: '',
    price: '',
    tiers: [],
    rules: { ...PLAIN_SERVICE_RULES, paymentSchedule: '50% upfront, 50% upon completion' },
  };
  const weekly: Tier = {
    id: 'ugc-weekly',
    displayName: 'Weekly Content',
    price: '$500',
    includes: [],
    paymentSchedule: 'Monthly in advance',
  };

  it('keeps what the visitor sent and derives the rest from the chosen service and tier', () => {
    const sent = input({
      serviceId: 'usergeneratedcontent',
      serviceTierId: 'ugc-weekly',
      phone: '+15551234567',
      smsOptIn: true,
    });
    expect(newBookingRecord(sent, ugc, weekly)).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+15551234567',
      serviceId: 'usergeneratedcontent',
      service: 'User-Generated Content',
      servicePrice: '$500',
      serviceTier: 'Weekly Content',
      serviceTierId: 'ugc-weekly',
      paymentSchedule: 'Monthly in advance',
      date: '',
      endDate: '',
      time: '',
      consultationDate: '',
      consultationTime: '',
      consultationLocation: '',
      location: '',
      description: 'A look-book',
      smsOptIn: true,
      status: 'New',
    });
  });

  it('takes service and tier from the resolved records, not from ids the visitor sent', () => {
    const record = newBookingRecord(input({ serviceId: 'forged', serviceTierId: 'forged' }), ugc, weekly);
    expect([record.serviceId, record.serviceTierId]).toEqual(['usergeneratedcontent', 'ugc-weekly']);
  });
});
