// The stored request the dashboard's tests seed: a $350 Standard photoshoot (50% upfront) on 2030-05-01 in Tempe, New,
// without phone, consultation or SMS; each test changes what it is about. The server gives its id.
import type { BookingRequest, Service } from '@studio/shared/domain';

const at = '2026-11-20T10:00:00.000Z';

export const storedBooking = (over: Partial<Omit<BookingRequest, 'id'>> = {}): Omit<BookingRequest, 'id'> => ({
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '',
  serviceId: 'photoshoot',
  service: 'Photoshoot',
  servicePrice: '$350',
  serviceTier: 'Standard',
  serviceTierId: 'standard',
  paymentSchedule: '50% upfront, 50% upon completion',
  endDate: '',
  time: '',
  consultationTime: '',
  date: '2030-05-01',
  consultationDate: '',
  consultationLocation: '',
  location: 'Tempe',
  description: '',
  smsOptIn: false,
  status: 'New',
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** The service those requests name: Photoshoot, its one tier Standard at $350. */
export const photoshootService: Service = {
  id: 'photoshoot',
  displayName: 'Photoshoot',
  description: '',
  image: '',
  price: '',
  tiers: [{ id: 'standard', displayName: 'Standard', price: '$350', includes: [] }],
};
