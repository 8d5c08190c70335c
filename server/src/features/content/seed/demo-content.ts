// The demo content a first start seeds, so a fresh clone shows a real-looking site (docs/product.md, "Demo content").
import type {
  AvailabilityPeriodInput,
  CompCardStats,
  Gallery,
  IsoDate,
  MediaItem,
  PortfolioContent,
  PortfolioMeta,
  Project,
  Service,
  SiteDetails,
  TimeSlotInput,
  UnavailableRangeInput,
} from '@studio/shared/domain';
import {
  PAYMENT_FULL_UPFRONT,
  PAYMENT_HALF_UPFRONT,
  PAYMENT_MONTHLY_IN_ADVANCE,
  PLAIN_SERVICE_RULES,
  SHOOT_SERVICE_RULES,
  addCalendarDays,
  srcSetOf,
} from '@studio/shared/domain';
import type { Artwork } from './demo-media';
import { widthsFor } from './responsive-images';

export const DEMO_VIDEOS = ['video/runway-walk.webm', 'video/runway-walk.jpg'];

export const services: Service[] = [
  {
    id: 'photoshoot',
    displayName: 'Photoshoot',
    description: '',
    image: '',
    price: '',
    // docs/product.md §5 and §9: a consultation first; '50% upfront, 50% upon completion'.
    rules: { ...SHOOT_SERVICE_RULES },
    tiers: [
      {
        id: 'photoshoot-mini',
        displayName: 'Mini Session',
        price: '$250',
        includes: ['1 hour on location', '1 look', '10 retouched images', 'Online gallery'],
      },
      {
        id: 'photoshoot-standard',
        displayName: 'Standard Session',
        price: '$450',
        includes: ['2 hours', '3 looks', '25 retouched images', 'Hair and make-up consultation'],
      },
      {
        id: 'photoshoot-editorial',
        displayName: 'Editorial Day',
        price: '$1,200',
        includes: [
          'Up to 8 hours',
          'Unlimited looks',
          '60 retouched images',
          'Mood board and styling',
          'Usage for print and web',
        ],
      },
    ],
  },
  {
    id: 'usergeneratedcontent',
    displayName: 'User-Generated Content',
    description: '',
    image: '',
    price: '',
    // docs/product.md §9: weekly and monthly tiers 'Monthly in advance', runway '100% upfront', the rest half upfront;
    // the user-generated content contract.
    rules: { ...PLAIN_SERVICE_RULES, paymentSchedule: PAYMENT_HALF_UPFRONT, contractTemplate: 'ugc' },
    tiers: [
      {
        id: 'ugc-single',
        displayName: 'Single Video',
        price: '$150',
        includes: ['One 15-60 s vertical video', 'Script and hook ideas', 'One revision', '30-day organic usage'],
      },
      {
        id: 'ugc-weekly',
        displayName: 'Weekly Content',
        price: '$500',
        includes: ['3 videos a week', 'Trend research', 'Raw footage included', 'Organic usage rights'],
        paymentSchedule: PAYMENT_MONTHLY_IN_ADVANCE,
      },
      {
        id: 'ugc-monthly',
        displayName: 'Monthly Retainer',
        price: '$1,800',
        includes: ['12 videos a month', 'Monthly strategy call', 'Paid-ads usage for 90 days', 'Priority turnaround'],
        paymentSchedule: PAYMENT_MONTHLY_IN_ADVANCE,
      },
      {
        id: 'ugc-runway',
        displayName: 'Runway Recap',
        price: '$350',
        includes: ['Backstage and runway footage', 'Two edited recaps', 'Delivered within 72 hours'],
        paymentSchedule: PAYMENT_FULL_UPFRONT,
      },
    ],
  },
  {
    id: 'others',
    displayName: 'Other Projects',
    description: '',
    image: '',
    price: '',
    // docs/product.md §9: any other service's schedule is 'TBD', agreed with her.
    rules: { ...PLAIN_SERVICE_RULES },
    tiers: [
      {
        id: 'others-hourly',
        displayName: 'Hourly Booking',
        price: '$120',
        includes: ['Fittings, showrooms and look-books', 'Minimum two hours'],
      },
      {
        id: 'others-custom',
        displayName: 'Custom Project',
        price: '',
        includes: ['Tell me about your idea', 'Quote within 24 hours'],
      },
    ],
  },
  {
    id: 'brand-events',
    displayName: 'Brand Events & Promotions',
    description:
      'Product launches, trade shows and in-store appearances: a polished, personable presence for your brand.',
    image: '/media/services/brand-events.svg',
    price: '',
    rules: { ...PLAIN_SERVICE_RULES, contractTemplate: 'event' },
    tiers: [
      {
        id: 'events-half',
        displayName: 'Half Day',
        price: '$400',
        includes: ['Up to 4 hours on site', 'Product briefing beforehand'],
      },
      {
        id: 'events-full',
        displayName: 'Full Day',
        price: '$700',
        includes: ['Up to 8 hours on site', 'Social posts from the event', 'Travel within 50 miles'],
      },
    ],
  },
];

const RUNWAY_SECTIONS: Record<string, string> = {
  'phoenix-fashion-week': 'Phoenix Fashion Week',
  'scottsdale-couture': 'Scottsdale Couture Night',
  'desert-bloom': 'Desert Bloom Showcase',
};

const PRINT: Array<[key: string, name: string, details: PortfolioMeta['PRINT_CONCEPT_DETAILS'][string]]> = [
  [
    'editorial',
    'Editorial',
    {
      style: 'Narrative, high-fashion storytelling',
      wardrobe: 'Designer pieces and statement layers',
      setting: 'Sonoran desert at golden hour',
      purpose: 'Magazine spreads and look-books',
    },
  ],
  [
    'commercial',
    'Commercial',
    {
      style: 'Bright, friendly and approachable',
      wardrobe: 'Everyday brands, clean basics',
      setting: 'Daylight studio, seamless white',
      purpose: 'E-commerce, catalogues and ads',
    },
  ],
  [
    'fitness',
    'Fitness',
    {
      style: 'Dynamic movement, strong lines',
      wardrobe: 'Performance wear and sneakers',
      setting: 'Outdoor trail and gym',
      purpose: 'Activewear campaigns',
    },
  ],
  [
    'suiting',
    'Suiting',
    {
      style: 'Tailored, confident, minimal',
      wardrobe: 'Sharp suits and monochrome sets',
      setting: 'Downtown architecture',
      purpose: 'Menswear-inspired and corporate campaigns',
    },
  ],
  [
    'avantgarde',
    'Avant-Garde',
    {
      style: 'Sculptural, experimental posing',
      wardrobe: 'Conceptual and handmade pieces',
      setting: 'Dark studio with coloured gels',
      purpose: 'Art direction and designer portfolios',
    },
  ],
  [
    'blackwhite',
    'Black & White',
    {
      style: 'Timeless contrast and texture',
      wardrobe: 'Simple silhouettes',
      setting: 'Natural window light',
      purpose: 'Fine-art prints and portfolios',
    },
  ],
  [
    'streetwear',
    'Streetwear',
    {
      style: 'Candid, energetic, urban',
      wardrobe: 'Oversized layers, sneakers, caps',
      setting: 'Murals and city streets',
      purpose: 'Brand drops and social campaigns',
    },
  ],
];

/** Her details as a new site shows them, until she edits them in the dashboard. */
export const siteDetails: SiteDetails = {
  name: 'Ava Monroe',
  tagline: 'Model and content creator in Phoenix, Arizona',
  heroImage: '',
  about: '',
  email: 'hello@avamonroe.example',
  phone: '+1 (602) 555-0148',
  agency: 'Desert Bloom Models',
  social: [
    { label: 'Instagram', url: 'https://www.instagram.com/avamonroe.example' },
    { label: 'TikTok', url: 'https://www.tiktok.com/@avamonroe.example' },
  ],
};

export const compCard: CompCardStats = {
  units: 'imperial',
  height: `5'10"`,
  bust: '32"',
  waist: '24"',
  hips: '35"',
  dress: '2',
  shoe: '8.5',
  hair: 'Brown',
  eyes: 'Hazel',
};

export const portfolioMeta: PortfolioMeta = {
  RUNWAY_SECTION_MAP: RUNWAY_SECTIONS,
  RUNWAY_SECTION_SUBTITLES: {
    'phoenix-fashion-week': 'Spring/Summer collections, 2025',
    'scottsdale-couture': 'Evening wear and couture gowns',
    'desert-bloom': 'Emerging designers of the Southwest',
  },
  PRINT_CONCEPTS: PRINT.map(([, name]) => name),
  PRINT_CONCEPT_KEY_MAP: Object.fromEntries(PRINT.map(([key, name]) => [name, key])),
  PRINT_CONCEPT_DETAILS: Object.fromEntries(PRINT.map(([key, , details]) => [key, details])),
  portfolioCategories: [
    { id: 'runway', label: 'Runway', description: 'Shows and presentations, walked live.' },
    { id: 'print', label: 'Print', description: 'Concept shoots from editorial to streetwear.' },
    { id: 'comp-card', label: 'Comp Card', description: 'Measurements and signature looks at a glance.' },
    { id: 'digitals', label: 'Digitals', description: 'Unretouched polaroids, current as of this season.' },
    { id: 'ugc', label: 'UGC', description: 'Short-form videos made for brands.' },
  ],
  ugcReels: [
    'https://www.instagram.com/reel/DEMO-skincare-routine/',
    '',
    'https://www.instagram.com/reel/DEMO-coffee-morning/',
    'https://www.instagram.com/reel/DEMO-sneaker-unboxing/',
  ],
};

const W = 800;
const H = 1000;
const artworks: Artwork[] = [];
function image(file: string, name: string, width = W, height = H): MediaItem {
  artworks.push({ file, width, height, label: name });
  const url = `/media/${file}`;
  return { type: 'image', url, name, width, height, srcSet: srcSetOf(url, widthsFor(width)) };
}
const video: MediaItem = {
  type: 'video',
  url: '/media/video/runway-walk.webm',
  name: 'Runway walk',
  width: 360,
  height: 640,
  poster: '/media/video/runway-walk.jpg',
};

export const portfolioContent: PortfolioContent = {
  runway: Object.fromEntries(
    Object.entries(RUNWAY_SECTIONS).map(([id, title], i) => [
      id,
      [...[1, 2, 3, 4].map((n) => image(`runway/${id}-${n}.svg`, `${title}, look ${n}`)), ...(i === 0 ? [video] : [])],
    ]),
  ),
  print: Object.fromEntries(
    PRINT.map(([key, name]) => [
      key,
      [1, 2, 3].map((n) => image(`print/${key}-${n}.svg`, `${name} concept, frame ${n}`)),
    ]),
  ),
  'comp-card': [
    image('comp-card/front.svg', 'Comp card, front'),
    image('comp-card/headshot.svg', 'Headshot'),
    image('comp-card/full-length.svg', 'Full length'),
    image('comp-card/profile.svg', 'Profile'),
  ],
  digitals: [
    ...['front', 'side', 'back', 'smile', 'neutral', 'hands'].map((n) => image(`digitals/${n}.svg`, `Digital, ${n}`)),
    video,
  ],
};

const SERVICE_ART: Record<string, string> = {
  photoshoot: 'Photoshoot',
  usergeneratedcontent: 'User-generated content',
  others: 'Others',
  'brand-events': 'Brand events',
};
for (const [s, label] of Object.entries(SERVICE_ART)) {
  artworks.push({ file: `services/${s}.svg`, width: 1200, height: 800, label });
}
// Her name on the home page's plate, and so on the share image made from it.
artworks.push({ file: 'hero.svg', width: 1600, height: 1000, label: siteDetails.name });

export const projects: Array<{ project: Project; gallery: Gallery }> = [
  {
    project: {
      id: 'sonoran-editorial',
      title: 'Sonoran Editorial',
      description:
        'A two-day editorial in the Sonoran desert for an independent fashion magazine: sunrise silhouettes, linen and raw silk.',
      category: 'editorial',
    },
    gallery: {
      images: [1, 2, 3].map((n) => image(`projects/sonoran-editorial-${n}.svg`, `Sonoran Editorial ${n}`).url),
      videos: [video.url],
    },
  },
  {
    project: {
      id: 'monochrome-print',
      title: 'Monochrome Print Series',
      description: 'A black and white print series shot on window light for a gallery exhibition.',
      category: 'print',
    },
    gallery: {
      images: [1, 2].map((n) => image(`projects/monochrome-print-blackwhite-${n}.svg`, `Monochrome ${n}`).url),
      videos: [video.url],
    },
  },
];

export const demoArtworks = artworks;

/** The demo's open period, blocked days and slots, counted from the studio's `today` (its own day, not the machine's). */
export function demoAvailability(today: IsoDate): {
  periods: AvailabilityPeriodInput[];
  unavailable: UnavailableRangeInput[];
  slots: TimeSlotInput[];
} {
  const d = (n: number) => addCalendarDays(today, n);
  return {
    periods: [{ startDate: d(0), endDate: d(90), isAvailable: true, notes: 'Demo: open for bookings' }],
    unavailable: [
      { startDate: d(10), endDate: d(12), reason: 'Demo: travelling for a show' },
      { startDate: d(40), endDate: d(41), reason: 'Demo: personal days' },
    ],
    slots: [
      { date: d(5), startTime: '09:00', endTime: '12:00', isAvailable: true, notes: 'Demo: morning only' },
      { date: d(5), startTime: '13:00', endTime: '17:00', isAvailable: false, notes: 'Demo: fitting elsewhere' },
      { date: d(6), startTime: '09:00', endTime: '17:00', isAvailable: false, notes: 'Demo: fully booked' },
    ],
  };
}
