// The memory adapter: the whole Backend port in memory, for tests. It follows the server's rules (the shared booking
// rule, idempotency, admin-only calls, single-use sign-in links) so a feature tested against it behaves the same
// against server/. Each port area is its own module; this entry composes them over one clock and one session.
import type {
  AdminAvailability,
  BookingRequest,
  CompCardStats,
  Gallery,
  PortfolioContent,
  PortfolioMeta,
  Project,
  Service,
  SiteDetails,
} from '../../domain/types';
import type { Backend } from '../port';
import { pageStore, type KeyValueStore } from '../sign-in-email';
import { createMemoryAuth, type OutboxMessage } from './memory-auth';
import { parseOrThrow } from './memory-support';
import { contactMessageSchema } from '../../schemas';
import type { ContactMessage } from '../../domain/types';
import type { MemoryAuthenticator } from './memory-passkeys';
import { createMemoryAvailability } from './memory-availability';
import { createMemoryBookings } from './memory-bookings';
import { createMemoryContent } from './memory-content';
import { createMemoryContracts, type MemoryContracts } from './memory-contracts';
import { createMemoryNotifications } from './memory-notifications';
import { createMemoryDeployments } from './memory-deployments';
import type { Deployments } from '../../schemas/deployment';
import { createMemorySession } from './memory-session';
import { createMemoryClock } from './memory-support';

export { BOOKING_NOT_FOUND } from './memory-bookings';
export { EMPTY_PORTFOLIO_CONTENT } from './memory-content';
export { ITEM_NOT_FOUND } from './memory-availability';
export { NOT_SIGNED_IN } from './memory-session';
export type { OutboxMessage } from './memory-auth';
export type { MemoryAuthenticator } from './memory-passkeys';

export interface MemorySeed {
  services: Service[];
  portfolioMeta: PortfolioMeta;
  portfolioContent: PortfolioContent;
  projects: Project[];
  /** Keyed by projectId. */
  galleries: Record<string, Gallery>;
  bookings: BookingRequest[];
  availability: AdminAvailability;
  siteDetails: SiteDetails;
  compCard: CompCardStats;
  /** The remotes' deployed versions the admin's Deployments view shows. */
  deployments: Deployments;
}

export interface MemoryBackendOptions {
  /** The one address allowed to sign in. */
  adminEmail?: string;
  now?: () => Date;
  /** Start with the admin signed in, for tests of admin screens. */
  signedIn?: boolean;
  /** The admin's SMS choice at start. */
  smsEnabled?: boolean | null;
  /** The browser storage the sign-in e-mail is kept in; one of its own by default (a test clears it for "another device"). */
  store?: KeyValueStore;
}

export type MemoryBackend = Backend & {
  outbox: OutboxMessage[];
  /** What visitors wrote through the contact form, as the admin would get it by mail. */
  contactMessages: ContactMessage[];
  /** This browser's passkey authenticator, as tests arrange it. */
  authenticator: MemoryAuthenticator;
  /** The contracts port itself, with signAsClient for tests. */
  memoryContracts: MemoryContracts;
};

export const MEMORY_DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export function createMemoryBackend(seed: Partial<MemorySeed> = {}, options: MemoryBackendOptions = {}): MemoryBackend {
  const adminEmail = options.adminEmail ?? MEMORY_DEFAULT_ADMIN_EMAIL;
  const clock = createMemoryClock(options.now ?? (() => new Date()));
  const session = createMemorySession(options.signedIn ? { email: adminEmail, isAdmin: true } : null);

  const content = createMemoryContent(seed, session);
  const availability = createMemoryAvailability(seed.availability, clock, session);
  const bookings = createMemoryBookings(seed.bookings, {
    clock,
    session,
    services: content.visibleServices,
    availability: availability.publicView,
  });
  const contracts = createMemoryContracts({ clock, session, bookings, services: content.storedServices, adminEmail });
  const auth = createMemoryAuth(adminEmail, clock, session, options.store ?? pageStore());

  const contactMessages: ContactMessage[] = [];
  // The feed's address as the server would show it once; the memory backend serves no file at it.
  let feedActive = false;
  let feeds = 0;
  return {
    calendarFeed: {
      status: async () => {
        session.requireAdmin();
        return { active: feedActive };
      },
      create: async () => {
        session.requireAdmin();
        feedActive = true;
        feeds += 1;
        return { active: true, url: `https://studio.example/api/calendar/memory-feed-${feeds}.ics` };
      },
      revoke: async () => {
        session.requireAdmin();
        feedActive = false;
        return { active: false };
      },
    },
    outbox: auth.outbox,
    contactMessages,
    contact: {
      send: async (input) => {
        contactMessages.push(parseOrThrow(contactMessageSchema, input));
      },
    },
    authenticator: auth.authenticator,
    services: content.services,
    portfolio: content.portfolio,
    content: content.content,
    bookings,
    availability: availability.port,
    auth: auth.port,
    notifications: createMemoryNotifications(options.smsEnabled ?? null, session),
    memoryContracts: contracts,
    contracts: async () => contracts,
    deployments: createMemoryDeployments(seed.deployments ?? { remotes: [] }, clock, session),
  };
}
