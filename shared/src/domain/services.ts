// Service ordering, price fallback and default content (docs/product.md §2 Home, §3 Service).
import { CONTACT_FOR_PRICING, startingFromText } from '../messages';
import type { Service, Tier } from './service-types';

/** The services the home page always shows first, in this order. */
export const FEATURED_SERVICE_IDS = ['photoshoot', 'usergeneratedcontent', 'others'] as const;
export type FeaturedServiceId = (typeof FEATURED_SERVICE_IDS)[number];

export interface ServiceContent {
  image: string;
  description: string;
}

/** Served by the server under /media/services, so a service without its own picture still has one. */
export const DEFAULT_SERVICE_CONTENT: Readonly<Record<FeaturedServiceId, ServiceContent>> = {
  photoshoot: {
    image: '/media/services/photoshoot.svg',
    description:
      'Professional modeling for editorial, commercial, fitness and fashion shoots, from concept and styling to the final frames.',
  },
  usergeneratedcontent: {
    image: '/media/services/usergeneratedcontent.svg',
    description:
      'Authentic short-form videos and photos for your brand, filmed and edited for social media, ads and product pages.',
  },
  others: {
    image: '/media/services/others.svg',
    description: 'Runway, events, brand appearances and custom projects. Tell me what you have in mind.',
  },
};

function isFeatured(id: string): id is FeaturedServiceId {
  return (FEATURED_SERVICE_IDS as readonly string[]).includes(id);
}

// The first dollar amount in a price text: '$350', '$1,200', '$99.50', '$350 / month'.
const DOLLAR_AMOUNT = /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?/;

/** The dollar amount in a price text, or null when it has none. */
export function parseDollarAmount(price: string): number | null {
  const match = DOLLAR_AMOUNT.exec(price);
  if (!match?.[1]) return null;
  const value = Number(`${match[1].replace(/,/g, '')}${match[2] ?? ''}`);
  return Number.isFinite(value) ? value : null;
}

/** The lowest dollar amount among the tiers' prices; tiers without one are ignored. */
export function minTierPrice(tiers: readonly Pick<Tier, 'price'>[]): number | null {
  let min: number | null = null;
  for (const tier of tiers) {
    const amount = parseDollarAmount(tier.price);
    if (amount !== null && (min === null || amount < min)) min = amount;
  }
  return min;
}

/** '1,200' for 1200, '99.50' for 99.5: cents only when there are some. */
export function formatDollarAmount(amount: number): string {
  const cents = !Number.isInteger(amount);
  return amount.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 });
}

/** The price a service card shows: its own price, else 'Starting from $X' from its tiers, else 'Contact for pricing'. */
export function servicePriceText(service: Pick<Service, 'price' | 'tiers'>): string {
  if (service.price.trim() !== '') return service.price;
  const min = minTierPrice(service.tiers);
  return min === null ? CONTACT_FOR_PRICING : startingFromText(formatDollarAmount(min));
}

/** Fills an empty image or description from the defaults of the featured services. */
export function withServiceDefaults<T extends Service>(service: T): T {
  if (!isFeatured(service.id)) return service;
  const defaults = DEFAULT_SERVICE_CONTENT[service.id];
  return {
    ...service,
    image: service.image.trim() === '' ? defaults.image : service.image,
    description: service.description.trim() === '' ? defaults.description : service.description,
  };
}
