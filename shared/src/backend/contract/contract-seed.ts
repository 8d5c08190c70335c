// The data every adapter under the contract suite is seeded with (each harness writes it into its own store).
import {
  PAYMENT_HALF_UPFRONT,
  PAYMENT_MONTHLY_IN_ADVANCE,
  PLAIN_SERVICE_RULES,
  SHOOT_SERVICE_RULES,
} from '../../domain/service-rules';
import type { AvailabilityPeriodInput, TimeSlotInput, UnavailableRangeInput } from '../../domain/availability-types';
import type { BookingInput } from '../../domain/booking-types';
import type { Gallery, PortfolioContent, PortfolioMeta, Project } from '../../domain/content-types';
import type { Service } from '../../domain/service-types';

export interface ContractSeed {
  services: Service[];
  portfolioMeta: PortfolioMeta;
  portfolioContent: PortfolioContent;
  project: Project;
  gallery: Gallery;
  availability: {
    periods: AvailabilityPeriodInput[];
    unavailable: UnavailableRangeInput[];
    slots: TimeSlotInput[];
  };
  /** A date inside the open period, outside every blocked range and slot. */
  openDate: string;
  /** A date inside the unavailable range. */
  blockedDate: string;
  /** A date before today in every time zone (a backend's today is its local calendar day). */
  pastDate: string;
}

const iso = (today: Date, days: number) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
};

/** Dates are relative to `today` so a server that refuses past dates accepts the bookings. */
export function contractSeed(today: Date = new Date()): ContractSeed {
  return {
    services: [
      {
        id: 'photoshoot',
        displayName: 'Photoshoot',
        description: 'Studio or location photography.',
        image: '',
        price: '',
        tiers: [{ id: 'photoshoot-mini', displayName: 'Mini Session', price: '$250', includes: ['1 hour'] }],
        rules: { ...SHOOT_SERVICE_RULES },
      },
      {
        id: 'usergeneratedcontent',
        displayName: 'User-Generated Content',
        description: 'Short videos for brands.',
        image: '',
        price: '',
        tiers: [
          {
            id: 'ugc-weekly',
            displayName: 'Weekly Content',
            price: '$500',
            includes: ['3 videos'],
            paymentSchedule: PAYMENT_MONTHLY_IN_ADVANCE,
          },
        ],
        rules: { ...PLAIN_SERVICE_RULES, paymentSchedule: PAYMENT_HALF_UPFRONT },
      },
    ],
    portfolioMeta: {
      RUNWAY_SECTION_MAP: { 'fashion-week': 'Fashion Week' },
      RUNWAY_SECTION_SUBTITLES: { 'fashion-week': 'Spring shows' },
      PRINT_CONCEPTS: ['Editorial'],
      PRINT_CONCEPT_KEY_MAP: { Editorial: 'editorial' },
      PRINT_CONCEPT_DETAILS: {
        editorial: { style: 'Bold', wardrobe: 'Linen', setting: 'Desert', purpose: 'Magazine' },
      },
      portfolioCategories: [{ id: 'runway', label: 'Runway', description: 'Shows' }],
      ugcReels: [],
    },
    portfolioContent: {
      runway: { 'fashion-week': [{ type: 'image', url: '/media/runway-1.jpg', name: 'Runway 1' }] },
      print: { editorial: [{ type: 'image', url: '/media/print-1.jpg', name: 'Print 1' }] },
      'comp-card': [{ type: 'image', url: '/media/comp-1.jpg', name: 'Comp card' }],
      digitals: [],
    },
    project: {
      id: 'sonoran-editorial',
      title: 'Sonoran Editorial',
      description: 'Desert editorial.',
      category: 'editorial',
    },
    gallery: { images: ['/media/p-1.jpg', '/media/p-2.jpg'], videos: ['/media/p.webm'] },
    availability: {
      periods: [{ startDate: iso(today, 1), endDate: iso(today, 60), isAvailable: true, notes: 'Private period note' }],
      unavailable: [{ startDate: iso(today, 10), endDate: iso(today, 12), reason: 'Private reason' }],
      slots: [
        { date: iso(today, 5), startTime: '09:00', endTime: '17:00', isAvailable: false, notes: 'Private slot note' },
      ],
    },
    openDate: iso(today, 20),
    blockedDate: iso(today, 11),
    pastDate: iso(today, -3),
  };
}

/** A valid photoshoot booking: consultation and shoot both on the seed's open date. */
export function contractPhotoshoot(seed: ContractSeed, over: Partial<BookingInput> = {}): BookingInput {
  return contractBooking(seed, {
    serviceId: 'photoshoot',
    serviceTierId: 'photoshoot-mini',
    consultationDate: seed.openDate,
    consultationLocation: 'Video call',
    location: 'Papago Park',
    ...over,
  });
}

/** A valid booking for the seed's open date (the UGC service needs no shoot fields). */
export function contractBooking(seed: ContractSeed, over: Partial<BookingInput> = {}): BookingInput {
  return {
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '+15551234567',
    serviceId: 'usergeneratedcontent',
    serviceTierId: 'ugc-weekly',
    date: seed.openDate,
    consultationDate: '',
    consultationLocation: '',
    location: '',
    description: 'Three short videos for a skincare launch.',
    smsOptIn: false,
    ...over,
  };
}
