// The whole storage: every store of the port at once, as each home builds it (sqlite-storage.ts, firestore-storage.ts)
// and the composition hands the stores out. It lives in app/ because only the composition may import every feature;
// each store's interface is its feature's own, and the rules they all keep are in platform/storage/storage-port.ts.
import type { StorageConnection } from '../platform/storage/storage-port';
import type { AvailabilityStore } from '../features/availability/availability-store';
import type { BookingsStore } from '../features/bookings/bookings-store';
import type { HeldNotificationsStore } from '../features/bookings/held-notifications-store';
import type { ClientActionsStore } from '../features/client-activity/client-actions-store';
import type { ContentStore, SeedTarget } from '../features/content/content-store';
import type { ContractsStore } from '../features/contracts/contracts-store';
import type { PaymentsStore } from '../features/deal/payments-store';
import type { QuotesStore } from '../features/deal/quotes-store';
import type { DeploysStore } from '../features/deploys/deploys-store';
import type { MediaRowsStore } from '../features/media/media-rows-store';
import type { MailQueueStore } from '../features/messaging/mail-queue-store';
import type { OutboxStore } from '../features/messaging/outbox-store';
import type { SmsLogStore } from '../features/messaging/sms-log-store';
import type { PasskeysStore } from '../features/auth/passkeys-store';
import type { SecondFactorStore } from '../features/auth/second-factor-store';
import type { SessionsStore } from '../features/auth/sessions-store';
import type { SignInLimitsStore } from '../features/auth/sign-in-limits-store';
import type { SettingsStore } from '../features/settings/settings-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The storage the composition built, closed with the app (platform/sqlite/database-plugin.ts). */
    storage: Storage;
  }
}

/** Every store, the seed's one write (seedIfEmpty), and the connection (probeWrite, close). */
export interface Storage extends SeedTarget, StorageConnection {
  bookings: BookingsStore;
  availability: AvailabilityStore;
  content: ContentStore;
  contracts: ContractsStore;
  sessions: SessionsStore;
  secondFactor: SecondFactorStore;
  passkeys: PasskeysStore;
  outbox: OutboxStore;
  mailQueue: MailQueueStore;
  signInLimits: SignInLimitsStore;
  sms: SmsLogStore;
  heldNotifications: HeldNotificationsStore;
  media: MediaRowsStore;
  deploys: DeploysStore;
  settings: SettingsStore;
  clientActions: ClientActionsStore;
  payments: PaymentsStore;
  quotes: QuotesStore;
}
