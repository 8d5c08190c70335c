// The admin's API under /api/admin (docs/architecture.md, rules table): one encapsulated scope with the admin guard,
// so each route group registered in it is guarded by where it is registered, not by what its URL looks like.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminGuard from '../features/auth/require-admin';
import type { AppOptions } from '../platform/config';
import type { ChangeBus } from '../platform/change-bus';
import type { JobRunner } from '../platform/jobs';
import type { Mailer } from '../features/messaging/mailer';
import type { SessionStore } from '../features/auth/sessions';
import type { SmsSender } from '../features/messaging/sms-sender';
import type { AvailabilityStore } from '../features/availability/availability-store';
import type { BookingsStore } from '../features/bookings/bookings-store';
import type { ContentStore } from '../features/content/content-store';
import type { ContractsStore } from '../features/contracts/contracts-store';
import type { QuotesStore } from '../features/deal/quotes-store';
import type { SettingsStore } from '../features/settings/settings-store';
import type { PasskeyService } from '../features/auth/passkeys';
import type { StatusNotifications } from '../features/bookings/status-notifications';
import type { ClientActions } from '../features/client-activity/client-actions';
import type { Payments } from '../features/deal/payments';
import { adminPaymentRoutes } from '../features/deal/payments.routes';
import type { MediaStore } from '../features/media/media-store';
import adminAvailabilityRoutes from '../features/availability/admin-availability.routes';
import adminBookingsRoutes from '../features/bookings/admin-bookings.routes';
import adminClientActionsRoutes from '../features/client-activity/admin-client-actions.routes';
import adminContentRoutes from '../features/content/admin-content.routes';
import adminContractsRoutes from '../features/contracts/admin-contracts.routes';
import adminEventsRoutes from '../features/live/admin-events.routes';
import adminMediaRoutes from '../features/media/admin-media.routes';
import adminPasskeysRoutes from '../features/auth/admin-passkeys.routes';
import adminQuotesRoutes from '../features/deal/admin-quotes.routes';
import adminTrustedDevicesRoutes from '../features/auth/admin-trusted-devices.routes';
import adminSettingsRoutes from '../features/settings/admin-settings.routes';
import { adminCalendarFeedRoutes } from '../features/bookings/calendar-feed.routes';
import adminDeploymentsRoutes from '../features/deploys/admin-deployments.routes';
import type { RemoteDeploys } from '../features/deploys/remote-deploys';
import type { PreviewLinks } from '../features/deploys/preview-links';
import type { SiteIdentityReader } from '../features/content/site-identity';
import { mailStatus } from '../features/messaging/mail-queue';
import { diskStateOf } from '../platform/disk-full';

export interface AdminRoutesOptions {
  options: AppOptions;
  sessions: SessionStore;
  bookings: BookingsStore;
  availability: AvailabilityStore;
  settings: SettingsStore;
  content: ContentStore;
  bus: ChangeBus;
  mailer: Mailer;
  smsSender: SmsSender;
  statusNotifications: StatusNotifications;
  passkeys: PasskeyService;
  contracts: ContractsStore;
  quotes: QuotesStore;
  deploys: RemoteDeploys;
  previews: PreviewLinks;
  media: MediaStore;
  identity: SiteIdentityReader;
  clientActions: ClientActions;
  payments: Payments;
  /** The server's one runner of recurring work: the live streams' upkeep is a job of it. */
  jobs: JobRunner;
}

const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, deps) => {
  await app.register(adminGuard, { sessions: deps.sessions });
  await app.register(adminBookingsRoutes, {
    bookings: deps.bookings,
    bus: deps.bus,
    notifications: deps.statusNotifications,
    now: deps.options.now,
    availability: deps.availability,
  });
  await app.register(adminAvailabilityRoutes, {
    options: deps.options,
    availability: deps.availability,
    bookings: deps.bookings,
    bus: deps.bus,
  });
  await app.register(adminPaymentRoutes, { options: deps.options, bookings: deps.bookings, payments: deps.payments });
  await app.register(adminContractsRoutes, {
    options: deps.options,
    bookings: deps.bookings,
    content: deps.content,
    contracts: deps.contracts,
    bus: deps.bus,
    mailer: deps.mailer,
    identity: deps.identity,
    quotes: deps.quotes,
    settings: deps.settings,
  });
  await app.register(adminQuotesRoutes, {
    options: deps.options,
    bookings: deps.bookings,
    content: deps.content,
    contracts: deps.contracts,
    quotes: deps.quotes,
    settings: deps.settings,
    bus: deps.bus,
    identity: deps.identity,
    payments: deps.payments,
  });
  await app.register(adminSettingsRoutes, {
    settings: deps.settings,
    smsSender: deps.smsSender,
    bus: deps.bus,
    mailStatus: async () => {
      const status = await mailStatus(deps.mailer.queue, deps.mailer.kind, deps.options.now);
      // A local development site keeps its mail in the outbox by design; only a production site's is news to her.
      const state = status.health === 'outbox' && !deps.options.production ? 'ok' : status.health;
      return { state, waiting: status.waiting, givenUp: status.givenUp, lastError: status.lastError };
    },
    storageStatus: () => ({
      state: diskStateOf(deps.options.dataDir, deps.options.minFreeDiskBytes, app.diskFull),
    }),
  });
  await app.register(adminClientActionsRoutes, { clientActions: deps.clientActions, settings: deps.settings });
  await app.register(adminCalendarFeedRoutes, {
    options: deps.options,
    settings: deps.settings,
    bookings: deps.bookings,
  });
  await app.register(adminContentRoutes, { options: deps.options, content: deps.content, bus: deps.bus });
  await app.register(adminPasskeysRoutes, { passkeys: deps.passkeys, sessions: deps.sessions });
  await app.register(adminTrustedDevicesRoutes, { options: deps.options, sessions: deps.sessions });
  await app.register(adminDeploymentsRoutes, { deploys: deps.deploys, previews: deps.previews });
  await app.register(adminMediaRoutes, { store: deps.media });
  await app.register(adminEventsRoutes, {
    sessions: deps.sessions,
    bus: deps.bus,
    availability: deps.availability,
    jobs: deps.jobs,
  });
};

export default adminRoutes;
