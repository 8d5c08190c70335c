// The composition root (fastify/demo's app/server split). `studio` builds every dependency once from the options,
// then registers the infrastructure plugins and one plugin per route group, each handed what it uses as plugin
// options; `buildApp` wraps it in a configured Fastify instance that tests drive through inject() and server.ts
// only listens on. Nothing imports this file but those two and the tests.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { seedIfEmpty } from '../features/content/seed/seed';
import { createResponsiveImages } from '../features/content/seed/responsive-images';
import { demoArtworks } from '../features/content/seed/demo-content';
import { redrawNamePlate } from '../features/content/seed/name-plate';
import { bookedDaysOf, type PublicAvailability } from '@studio/shared/domain';
import { optionsFromEnv, type AppOptions } from '../platform/config';
import { createJobRunner, type JobRunner } from '../platform/jobs';
import {
  HTTP_LIMITS,
  capConnections,
  closeAfterEarlyErrors,
  fastifyLimitOptions,
  type HttpLimits,
} from '../platform/http/http-limits';
import { trustsPeer } from '../platform/http/trust-proxy';
import { createDiskMediaFiles } from '../features/media/media-files';
import { createSqliteStorage } from './sqlite-storage';
import { calendarDayIn } from '@studio/shared/domain/studio-time';
import { withPins } from '../features/deploys/version-integrity';
import { isSqlite } from '../platform/sqlite/database-plugin';
import { clientErrorHandler, frameworkErrorHandler } from '../platform/http/errors';
import siteFiles from '../features/pages/site-files';
import staticFiles from '../features/pages/static-files';
import adminRoutes from './admin-routes';
import authRoutes from '../features/auth/auth.routes';
import authPasskeyRoutes from '../features/auth/auth-passkey.routes';
import authFirebaseRoutes from '../features/auth/auth-firebase.routes';
import bookingRoutes from '../features/bookings/bookings.routes';
import manageBookingRoutes from '../features/bookings/manage-booking.routes';
import contractSigningRoutes from '../features/contracts/contract-signing.routes';
import devOutboxRoutes from '../features/messaging/dev-outbox.routes';
import publicContentRoutes from '../features/content/public-content.routes';
import { reminderJob } from '../features/bookings/reminder-job';
import contactRoutes from '../features/messaging/contact.routes';
import plainFormRoutes, { createPlainForms } from '../features/pages/plain-forms.routes';
import { calendarFeedRoutes } from '../features/bookings/calendar-feed.routes';
import { createStatusNotifications } from '../features/bookings/status-notifications';
import { clientActionDigestJob, createClientActions } from '../features/client-activity/client-actions';
import { createPayments } from '../features/deal/payments';
import { quoteSettingsOf } from '../features/deal/quotes';
import { managePaymentRoutes, stripeWebhookRoutes } from '../features/deal/payments.routes';
import { devOutboxEnabled } from '../features/messaging/dev-outbox-policy';
import ops from '../features/ops/register-ops';
import { loggerOptions, type LogStream } from '../features/ops/request-log';
import type { GivenDeps } from './deps';
import { createDeps } from './deps';
import { createMedia, renderDemoImagesAfterListen } from './media';
import { registerFoundation } from './http-foundation';
import { registerPagesAndDeploys } from './pages-and-deploys';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The runner's jobs, a pass of one by its name: for a home whose own scheduler runs them (the Firebase functions'
 * onSchedule) and for tests, which then need not wait for the timer. Adding or stopping jobs stays the app's.
 */
export type JobsOnDemand = Pick<JobRunner, 'runNow' | 'status'>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsOnDemand;
  }
}

export interface StudioOptions extends GivenDeps {
  options: AppOptions;
}

export interface BuildOverrides extends Partial<AppOptions>, GivenDeps {
  /** Tighter timeouts or caps than HTTP_LIMITS (tests wait seconds, not minutes). */
  httpLimits?: Partial<HttpLimits>;
  /** Where log lines go instead of standard output. */
  logStream?: LogStream;
  /** The environment the settings are read from (process.env unless given; the app function leaves out PORT/HOST). */
  settingsEnv?: NodeJS.ProcessEnv;
}

async function studioApp(app: FastifyInstance, { options, ...given }: StudioOptions) {
  // Every route's schemas are the shared zod schemas: requests are parsed and answers serialised by them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Decided first: a deployed site with DEV_OUTBOX=true refuses to start before it touches anything.
  const devOutbox = devOutboxEnabled(options);

  const storage =
    given.storage ??
    createSqliteStorage(options.dataDir, (migration) => app.log.info({ migration }, `migration ${migration} applied`));
  const mediaDir = path.join(options.dataDir, 'media');
  const mediaFiles = given.mediaFiles ?? createDiskMediaFiles(options.dataDir);
  if (options.seedDemo) {
    const now = options.now();
    await seedIfEmpty(storage, mediaDir, now, calendarDayIn(options.timeZone, now), options.modelName);
  }
  const deps = createDeps(storage, options, app.log, given);
  // Chosen on purpose (MAIL_TRANSPORT=outbox; config.ts refuses it by default in production): said at every start, at
  // warn level, so LOG_LEVEL=warn does not hide that nobody receives the site's mail.
  if (options.production && deps.mailer.kind === 'outbox')
    app.log.warn(
      "MAIL_TRANSPORT=outbox: this production site keeps its mail (sign-in links, clients' mails) in the local outbox; nobody receives it until SMTP_URL is set",
    );
  // The demo's name plate, and the share image cut from it, show her current name (features/content/seed/name-plate.ts).
  if (options.seedDemo) {
    const redraw = () =>
      deps.identity
        .displayName()
        .then((name) => void redrawNamePlate(mediaDir, name))
        .catch((error: unknown) => app.log.warn({ err: error }, 'the name plate could not be redrawn'));
    await redraw();
    const stop = deps.bus.subscribe((change) => {
      if (change.topic === 'content') void redraw();
    });
    app.addHook('onClose', async () => stop());
  }

  await registerFoundation(app, options, storage);

  // What a visitor may book: the availability, the days confirmed bookings hold, the notice. The same
  // view serves the visitor's calendar and the server's own check of a new request.
  // Only the confirmed bookings from the studio's today on: what is past blocks nothing (the bookings store's
  // confirmedDatesBetween).
  const bookable = async (): Promise<PublicAvailability> => {
    const today = calendarDayIn(options.timeZone, options.now());
    const [availability, confirmed, sms] = await Promise.all([
      deps.availability.getPublic(),
      deps.bookings.confirmedDatesBetween({ from: today, to: null }),
      deps.smsSender.status(),
    ]);
    return {
      ...availability,
      booked: bookedDaysOf(confirmed),
      minNoticeDays: options.minNoticeDays,
      today,
      smsOptIn: sms.enabled,
    };
  };
  await app.register(publicContentRoutes, {
    content: deps.content,
    availability: deps.availability,
    options,
    bookable,
  });
  await app.register(authRoutes, {
    options,
    mailer: deps.mailer,
    sessions: deps.sessions,
    outbox: deps.outbox,
    signInLimits: deps.signInLimits,
    passkeys: deps.passkeys,
  });
  await app.register(authPasskeyRoutes, {
    options,
    sessions: deps.sessions,
    passkeys: deps.passkeys,
    signInLimits: deps.signInLimits,
  });
  if (options.home === 'firebase') {
    await app.register(authFirebaseRoutes, {
      options,
      sessions: deps.sessions,
      signInLimits: deps.signInLimits,
      passkeys: deps.passkeys,
    });
  }
  const { renderer, pageContent, deploys, integrity, previews } = await registerPagesAndDeploys(app, {
    options,
    storage,
    deps,
    given,
  });

  // Where a booking's quote is read from (features/deal/quotes.ts): its saved quote, her defaults, the studio's zone.
  const quoteSources = { quotes: storage.quotes, settings: storage.settings, timeZone: options.timeZone };
  // The deal's payments: Stripe Checkout when STRIPE_SECRET_KEY is set, her own records either way.
  const payments = createPayments({
    options,
    store: storage.payments,
    quotes: quoteSources,
    bookings: deps.bookings,
    contracts: deps.contracts,
    mailer: deps.mailer,
    bus: deps.bus,
    identity: deps.identity,
    log: app.log,
  });

  // The background work on one timer (platform/jobs.ts), stopped before the storage is closed (preClose).
  const jobs = createJobRunner({
    log: app.log,
    ...(isSqlite(storage) && { storageTakesWrites: () => storage.takesWritesNow() }),
  });
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('jobs', { runNow: (name) => jobs.runNow(name), status: () => jobs.status() } satisfies JobsOnDemand);
  // Status changes' mails to clients, held for the Undo window; what came due while the server was down goes at once,
  // from the runner's first pass.
  const statusNotifications = createStatusNotifications({
    options,
    held: storage.heldNotifications,
    bookings: deps.bookings,
    mailer: deps.mailer,
    smsSender: deps.smsSender,
    identity: deps.identity,
    log: app.log,
    depositParagraph: payments.depositParagraph,
  });
  statusNotifications.start(jobs);

  // What clients do on their own reaches her: a mail each, or the day's digest.
  const clientActions = createClientActions({
    options,
    store: storage.clientActions,
    bookings: deps.bookings,
    settings: deps.settings,
    mailer: deps.mailer,
    log: app.log,
  });

  await app.register(adminRoutes, {
    prefix: '/api/admin',
    clientActions,
    payments,
    statusNotifications,
    options,
    sessions: deps.sessions,
    bookings: deps.bookings,
    availability: deps.availability,
    settings: deps.settings,
    content: deps.content,
    bus: deps.bus,
    mailer: deps.mailer,
    smsSender: deps.smsSender,
    passkeys: deps.passkeys,
    contracts: deps.contracts,
    quotes: storage.quotes,
    deploys,
    previews,
    media: await createMedia(app, storage, options, mediaFiles),
    identity: deps.identity,
    jobs,
  });
  // The forms public pages post without JavaScript: added by their routes, then served by one route per page.
  const plainForms = createPlainForms();
  await app.register(bookingRoutes, {
    options,
    plainForms,
    bookings: deps.bookings,
    content: deps.content,
    availability: deps.availability,
    bus: deps.bus,
    displayName: deps.identity.displayName,
    publicEmail: async () => (await deps.identity.current()).email,
    quoteDefaults: () => quoteSettingsOf(storage.settings),
    // A new request's mails leave at once by a pass of the mail job (features/ops/register-ops.ts), which logs a
    // failure and runs again later; on the Firebase home the function their creation triggers sends them. Mails
    // written straight into the local outbox are where they end: no pass to ask for.
    ...(options.home === 'firebase' || deps.mailsTo === 'outbox'
      ? {}
      : { sendMailNow: () => jobs.runNow('mail retry') }),
    mailsTo: deps.mailsTo,
    smsSender: deps.smsSender,
  });
  await app.register(contactRoutes, { options, clientActions, plainForms });
  await app.register(manageBookingRoutes, {
    options,
    bookings: deps.bookings,
    linkedBooking: payments.bookingOfLink,
    bookable,
    bus: deps.bus,
    identity: deps.identity,
    clientActions,
    quoteSources,
    plainForms,
  });
  await app.register(plainFormRoutes, { options, forms: plainForms });
  await app.register(calendarFeedRoutes, {
    options,
    settings: deps.settings,
    bookings: deps.bookings,
    identity: deps.identity,
  });
  await app.register(managePaymentRoutes, { options, bookings: deps.bookings, payments });
  await app.register(stripeWebhookRoutes, { payments });
  await app.register(contractSigningRoutes, {
    options,
    contracts: deps.contracts,
    bookings: deps.bookings,
    bus: deps.bus,
    mailer: deps.mailer,
    identity: deps.identity,
    clientActions,
    payments,
  });
  if (devOutbox) await app.register(devOutboxRoutes, { outbox: deps.outbox });
  if (!isSqlite(storage)) {
    app.log.info(
      'the daily file backup is off: this storage is backed up by its own service (Firestore: scheduled exports)',
    );
  }
  await app.register(ops, { options, outbox: deps.outbox, storage, mailer: deps.mailer, jobs });

  jobs.add(
    reminderJob(
      { bookings: deps.bookings, smsSender: deps.smsSender, log: app.log, timeZone: options.timeZone },
      options.now,
    ),
  );
  jobs.add(clientActionDigestJob(clientActions, options.now));

  // Responsive copies of the demo artwork: rendered after the server listens, or on the spot when asked for first.
  // Only for the demo: the admin's own uploads are not part of this issue. The bulk is rendered in a child process
  // (render-images.ts), so the server's own memory stays small.
  const images = options.seedDemo ? createResponsiveImages(mediaDir, demoArtworks) : undefined;
  if (images && options.renderImagesAtStart) renderDemoImagesAfterListen(app, mediaDir);

  // A write to what the pages show drops the kept HTML: content, availability, and a booking's update (a confirmed or
  // cancelled booking holds or frees its date in /book-me's calendar). A new request (New holds nothing) and a
  // contract change no public page.
  // On the Firebase home the bus hears the other instances' changes too: a page kept here is dropped whichever
  // instance stored her edit.
  const unsubscribe = deps.bus.subscribe((change) => {
    if (
      change.topic === 'contracts' ||
      change.topic === 'payments' ||
      (change.topic === 'bookings' && change.type === 'created')
    )
      return;
    renderer.invalidate();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    deps.identity.close();
    deps.bus.close();
  });
  await app.register(staticFiles, {
    options,
    mediaFiles,
    renderer,
    images,
    liveRemotes: async () => withPins(integrity, await deploys.snapshot()),
    content: pageContent,
    displayName: deps.identity.displayName,
  });
  await app.register(siteFiles, {
    publicOrigin: options.publicOrigin,
    modelName: deps.identity.displayName,
    sitemapPaths: pageContent.sitemapPaths,
  });
}

/** The whole site as one plugin, not encapsulated: its hooks, compilers and error handler are the instance's own. */
export const studio = fp(studioApp, { name: 'studio' });

export async function buildApp(overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const {
    mailer,
    sms,
    bus,
    serverEntryCheck,
    storage,
    renderTimeoutMs,
    mediaFiles,
    httpLimits,
    logStream,
    settingsEnv,
    ...optionOverrides
  } = overrides;
  const options: AppOptions = { ...optionsFromEnv(settingsEnv), ...optionOverrides };
  const limits: HttpLimits = { ...HTTP_LIMITS, ...httpLimits };
  const app = Fastify({
    ...fastifyLimitOptions(limits),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    logger: loggerOptions(options.logLevel, logStream),
    // One line per request instead, without query strings or addresses (features/ops/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the proxies TRUST_PROXY names may set the client address (request.ip, which rate limits key on).
    trustProxy: options.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  capConnections(app.server, limits, trustsPeer(options.trustProxy));
  closeAfterEarlyErrors(app);
  await app.register(studio, { options, mailer, sms, bus, serverEntryCheck, storage, renderTimeoutMs, mediaFiles });
  return app;
}
