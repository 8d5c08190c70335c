// A compact copy of the demo content for component tests, seeded into the test server (test-support/render.tsx).
import { SHOOT_SERVICE_RULES, type MediaItem, type PortfolioMeta, type Service } from '@studio/shared/domain';
import type { StudioSeed } from '@studio/shared/test-support/studio-server';

const img = (url: string, name: string): MediaItem => ({ type: 'image', url, name, width: 800, height: 1000 });
const vid = (url: string, name: string): MediaItem => ({ type: 'video', url, name, width: 360, height: 640 });

export const services: Service[] = [
  {
    id: 'photoshoot',
    displayName: 'Photoshoot',
    description: '',
    image: '',
    price: '',
    rules: SHOOT_SERVICE_RULES,
    tiers: [
      { id: 'photoshoot-standard', displayName: 'Standard Session', price: '$450', includes: ['2 hours', '3 looks'] },
      { id: 'photoshoot-editorial', displayName: 'Editorial Day', price: '$1,200', includes: ['Up to 8 hours'] },
      { id: 'photoshoot-mini', displayName: 'Mini Session', price: '$250', includes: ['1 hour on location'] },
    ],
  },
  {
    id: 'usergeneratedcontent',
    displayName: 'User-Generated Content',
    description: 'Videos for your brand.',
    image: '/media/custom-ugc.jpg',
    price: '$150 per video',
    tiers: [{ id: 'ugc-single', displayName: 'Single Video', price: '$150', includes: ['One vertical video'] }],
  },
  {
    id: 'others',
    displayName: 'Other Projects',
    description: '',
    image: '',
    price: '',
    tiers: [{ id: 'others-custom', displayName: 'Custom Project', price: '', includes: ['Quote within 24 hours'] }],
  },
  {
    id: 'brand-events',
    displayName: 'Brand Events & Promotions',
    description: 'Launches and in-store appearances.',
    image: '/media/services/brand-events.svg',
    price: '',
    tiers: [
      { id: 'events-half', displayName: 'Half Day', price: '$400', includes: ['Up to 4 hours on site'] },
      { id: 'events-full', displayName: 'Full Day', price: '$700', includes: ['Up to 8 hours on site'] },
    ],
  },
];

export const portfolioMeta: PortfolioMeta = {
  RUNWAY_SECTION_MAP: {
    'phoenix-fashion-week': 'Phoenix Fashion Week',
    'scottsdale-couture': 'Scottsdale Couture Night',
    'desert-bloom': 'Desert Bloom Showcase',
  },
  RUNWAY_SECTION_SUBTITLES: {
    'phoenix-fashion-week': 'Spring/Summer collections, 2025',
    'scottsdale-couture': 'Evening wear and couture gowns',
    'desert-bloom': 'Emerging designers of the Southwest',
  },
  PRINT_CONCEPTS: ['Editorial', 'Commercial', 'Fitness', 'Suiting', 'Avant-Garde', 'Black & White', 'Streetwear'],
  PRINT_CONCEPT_KEY_MAP: {
    Editorial: 'editorial',
    Commercial: 'commercial',
    Fitness: 'fitness',
    Suiting: 'suiting',
    'Avant-Garde': 'avantgarde',
    'Black & White': 'blackwhite',
    Streetwear: 'streetwear',
  },
  PRINT_CONCEPT_DETAILS: {
    editorial: {
      style: 'Narrative, high-fashion storytelling',
      wardrobe: 'Designer pieces and statement layers',
      setting: 'Sonoran desert at golden hour',
      purpose: 'Magazine spreads and look-books',
    },
    commercial: { style: 'Bright', wardrobe: 'Basics', setting: 'Studio', purpose: 'E-commerce' },
  },
  portfolioCategories: [
    { id: 'runway', label: 'Runway', description: 'Shows and presentations, walked live.' },
    { id: 'print', label: 'Print', description: 'Concept shoots from editorial to streetwear.' },
    { id: 'comp-card', label: 'Comp Card', description: 'Measurements at a glance.' },
    { id: 'digitals', label: 'Digitals', description: 'Unretouched polaroids.' },
    { id: 'ugc', label: 'UGC', description: 'Short-form videos made for brands.' },
  ],
  ugcReels: [
    'https://www.instagram.com/reel/DEMO-one/',
    '',
    '   ',
    'https://www.instagram.com/reel/DEMO-two/',
    'https://www.instagram.com/reel/DEMO-three/',
  ],
};

export function seed(overrides: Partial<StudioSeed> = {}): StudioSeed {
  return {
    services,
    portfolioMeta,
    portfolioContent: {
      runway: {
        'phoenix-fashion-week': [
          img('/media/runway/pfw-1.svg', 'PFW look 1'),
          img('/media/runway/pfw-2.svg', 'PFW look 2'),
          vid('/media/video/walk.webm', 'Runway walk'),
        ],
        'scottsdale-couture': [img('/media/runway/sc-1.svg', 'Couture look 1')],
        'desert-bloom': [],
      },
      print: {
        editorial: [
          img('/media/print/editorial-1.svg', 'Editorial frame 1'),
          img('/media/print/editorial-2.svg', 'Editorial frame 2'),
          img('/media/print/editorial-3.svg', 'Editorial frame 3'),
        ],
      },
      'comp-card': [
        img('/media/comp-card/front.svg', 'Comp card, front'),
        img('/media/comp-card/headshot.svg', 'Headshot'),
      ],
      digitals: [img('/media/digitals/front.svg', 'Digital, front'), vid('/media/video/walk.webm', 'Digital walk')],
    },
    projects: [
      {
        id: 'sonoran-editorial',
        title: 'Sonoran Editorial',
        description: 'A two-day editorial in the desert.',
        category: 'editorial',
      },
      {
        id: 'monochrome-print',
        title: 'Monochrome Print Series',
        description: 'Black and white on window light.',
        category: 'print',
      },
      { id: 'empty-project', title: 'Empty Project', description: 'Nothing shot yet.', category: 'editorial' },
    ],
    galleries: {
      'sonoran-editorial': {
        images: ['/media/projects/se-1.svg', '/media/projects/se-2.svg'],
        videos: ['/media/video/walk.webm'],
      },
      'monochrome-print': { images: ['/media/projects/mp-1.svg'], videos: ['/media/video/walk.webm'] },
      'empty-project': { images: [], videos: [] },
    },
    ...overrides,
  };
}
