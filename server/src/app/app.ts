// The composition root (fastify/demo's app/server split). `studio` builds every dependency once from the options,
// then registers the infrastructure plugins and one plugin per route group, each handed what it uses as plugin
// options; `buildApp` wraps it in a configured Fastify instance that tests drive through inject() and server.ts
// only listens on. Nothing imports this file but those two and the tests.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import path from 'node:path';
import { setPriority } from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { seedIfEmpty } from '../features/content/seed/seed';
import { createResponsiveImages } from '../features/content/seed/responsive-images';
import { demoArtworks } from '../features/content/seed/demo-content';
import { redrawNamePlate } from '../features/content/seed/name-plate';
import { bookedDaysOf, type PublicAvailability } from '@studio/shared/domain';
import { childScript, CODE_ROOT } from '../platform/server-root';
import { optionsFromEnv, type AppOptions } from '../platform/config';
import type { ServerEntryCheck } from '../features/deploys/gate';
import type { AppDeps } from './deps';
import { createChangeBus, type ChangeBus, type ChangeRelay } from '../platform/change-bus';
import { createJobRunner } from '../platform/jobs';
import { clientKeyOfRequest } from '../platform/http/client-address';
import {
  HTTP_LIMITS,
  capConnections,
  closeAfterEarlyErrors,
  fastifyLimitOptions,
  type HttpLimits,
} from '../platform/http/http-limits';
import { createMailer, withSenderName, type Mailer } from '../features/messaging/mailer';
import { createPageContent } from '../features/pages/page-content';
import { createServerRenderer, injectFetch, memoryStore } from '../features/pages/server-render';
import { createHttpBackend } from '@studio/shared/backend/http';
import { createSecondFactorStore } from '../features/auth/second-factor';
import { createSessionStore } from '../features/auth/sessions';
import { firebaseSessionCookie, hostPrefixedCookies } from '../features/auth/session-cookies';
import { trustsPeer } from '../platform/http/trust-proxy';
import { createSmsSender } from '../features/messaging/sms-sender';
import { createSmsTransport, type SmsTransport } from '../features/messaging/sms-transport';
import { createDiskMediaFiles, type MediaFiles } from '../features/media/media-files';
import { createMediaStore, type MediaStore } from '../features/media/media-store';
import type { Storage } from '../platform/storage/ports';
import { createSqliteStorage } from './sqlite-storage';
import { calendarDayIn } from '@studio/shared/domain/studio-time';
import { createRemoteDeploys, type RemoteDeploys } from '../features/deploys/remote-deploys';
import serveVersions from '../features/deploys/serve-versions';
import { createPreviewLinks, PREVIEW_PARAM } from '../features/deploys/preview-links';
import { createVersionIntegrity, withPins } from '../features/deploys/version-integrity';
import deployRoutes from '../features/deploys/deploy.routes';
import csrf from '../platform/http/csrf';
import originSplit from '../platform/http/origin-split';
import database, { isSqlite } from '../platform/sqlite/database-plugin';
import errorHandling, { clientErrorHandler, frameworkErrorHandler, HttpError } from '../platform/http/errors';
import securityHeaders, { firebaseAuthConnectSources } from '../platform/http/security-headers';
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
import { createPasskeyService } from '../features/auth/passkeys';
import { reminderJob, runReminderTick } from '../features/bookings/reminder-job';
import contactRoutes from '../features/messaging/contact.routes';
import plainFormRoutes, { createPlainForms } from '../features/pages/plain-forms.routes';
import { calendarFeedRoutes } from '../features/bookings/calendar-feed.routes';
import { createStatusNotifications } from '../features/bookings/status-notifications';
import { createSiteIdentity } from '../features/content/site-identity';
import { clientActionDigestJob, createClientActions } from '../features/client-activity/client-actions';
import { createPayments } from '../features/deal/payments';
import { managePaymentRoutes, stripeWebhookRoutes } from '../features/deal/payments.routes';
import { devOutboxEnabled } from '../features/messaging/dev-outbox-policy';
import ops from '../features/ops/register-ops';
import { loggerOptions, type LogStream } from '../features/ops/request-log';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** What the deploy API answers where it is off (a storage without a shared DATA_DIR: the Firebase home). */
export const REMOTE_DEPLOYS_OFF =
  'Remote deploys are off on this home: a version is kept in the server’s data folder, which its instances do not share. Deploy the remotes with the site (npm run deploy:firebase).';

/** One pass of a job's work (app.ops has the outbox sweep and the backup). */
export interface TimerWork {
  /** The day-before reminders due now; answers the ids of the bookings reminded. */
  reminders(): Promise<string[]>;
  /** The held status mail whose Undo window has passed, sent; answers once it has left. */
  heldStatusMail(): Promise<void>;
  /** The day's digest of client actions, when due (features/client-activity/client-actions.ts); answers how many it carried. */
  clientActionDigest(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    timerWork: TimerWork;
  }
}

/** Parts a caller may supply instead of the ones the options would build. */
export interface GivenDeps {
  /** Replace a transport (tests exercise the SMTP and Twilio paths with fakes). */
  mailer?: Mailer;
  sms?: SmsTransport;
  /** The bus the routes announce changes on (tests listen to it). */
  bus?: ChangeBus;
  /** Smoke-renders a remote's server entry before it may go live (features/deploys/gate.ts); the sandbox's render unless given. */
  serverEntryCheck?: ServerEntryCheck;
  /**
   * Where everything is stored (platform/storage/ports.ts); by default SQLite in DATA_DIR (createSqliteStorage). A storage
   * given here is closed with the app; daily backups run for SQLite only (a Firestore home has Google's exports).
   */
  storage?: Storage;
  /** How long a server render may take before its sandbox is restarted (features/pages/render-sandbox.ts); tests wait less. */
  renderTimeoutMs?: number;
  /**
   * Where the admin's uploads are kept (features/media/media-files.ts): by default DATA_DIR/media and DATA_DIR/media-originals
   * (createDiskMediaFiles); the Firebase home gives a bucket's (createCloudStorageMediaFiles).
   */
  mediaFiles?: MediaFiles;
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

/**
 * The storage's change feed when several server instances share it (the Firestore storage's `changes`: the Firebase
 * home); none for SQLite, which one process owns. Read by shape, so the embedded server never loads the Admin SDK.
 */
const relayOf = (storage: Storage): ChangeRelay | undefined => (storage as { changes?: ChangeRelay }).changes;

/** Every dependency of the routes, built once on the storage. */
function createDeps(storage: Storage, options: AppOptions, log: FastifyBaseLogger, given: GivenDeps): AppDeps {
  const { outbox, settings } = storage;
  const sms = given.sms ?? createSmsTransport({ twilio: options.twilio, outbox, log, now: options.now });
  const bus = given.bus ?? createChangeBus({ relay: relayOf(storage), log });
  const identity = createSiteIdentity({ content: storage.content, bus, fallbackName: options.modelName });
  // Every mail leaves under her current name (Site details), at MAIL_FROM's address.
  const mailer = withSenderName(
    given.mailer ??
      createMailer({
        smtpUrl: options.smtpUrl,
        from: options.mailFrom,
        outbox,
        log,
        now: options.now,
        // A mail the SMTP server refuses is kept and sent again (features/messaging/mail-queue.ts), not dropped.
        queue: storage.mailQueue,
      }),
    identity.displayName,
  );
  return {
    options,
    content: storage.content,
    availability: storage.availability,
    outbox,
    settings,
    bus,
    identity,
    mailer,
    sms,
    smsSender: createSmsSender({
      smsLog: storage.sms,
      transport: sms,
      settings,
      smsEnabledEnv: options.smsEnabledEnv,
      log,
      now: () => options.now().getTime(),
    }),
    sessions: createSessionStore(storage.sessions, { adminEmail: options.adminEmail, now: options.now }),
    signInLimits: storage.signInLimits,
    bookings: storage.bookings,
    contracts: storage.contracts,
    passkeys: createPasskeyService({
      passkeys: storage.passkeys,
      steps: createSecondFactorStore(storage.secondFactor, { now: options.now }),
      mailer,
      log,
      // Her passkeys belong to the origin she signs in at.
      adminOrigin: options.adminOrigin,
      siteName: options.modelName,
      now: options.now,
      timeZone: options.timeZone,
    }),
  };
}

/**
 * The admin's uploads (features/media): the store, with its leftovers of an interrupted upload swept. Its sharp work runs in
 * a child process per upload: compiled, dist/features/media/process-media.js under this bundle's folder; under tsx or ts-jest, the
 * TypeScript source. On disk the sweep is done before the app takes requests (it reads two folders); a bucket's is
 * listed in the background, so an instance's cold start does not wait on it.
 */
async function createMedia(
  app: FastifyInstance,
  storage: Storage,
  options: AppOptions,
  files: MediaFiles,
): Promise<MediaStore> {
  const store = createMediaStore({
    dataDir: options.dataDir,
    files,
    workerFile: childScript('features', 'media', 'process-media'),
    repo: storage.media,
    now: options.now,
    log: app.log,
  });
  const sweep = store.sweep().then(
    ({ removed }) => {
      if (removed > 0) app.log.info({ removed }, 'removed the leftovers of interrupted uploads');
    },
    (error: unknown) => app.log.warn({ err: error }, 'the leftovers of interrupted uploads could not be swept'),
  );
  if (files.kind === 'disk') await sweep;
  else app.addHook('onClose', async () => sweep);
  return store;
}

/** Renders the demo images' responsive copies in a child process once the server listens (never delaying it). */
function renderDemoImagesAfterListen(app: FastifyInstance, mediaDir: string) {
  let renderer: ChildProcess | undefined;
  app.addHook('onListen', async () => {
    // Compiled, the renderer is dist/features/content/seed/render-images.js; under tsx, its TypeScript source
    // (execArgv carries the loader the server itself runs under).
    // It ends with the server, even one killed with SIGKILL (render-images.ts: exitWithParent).
    renderer = fork(childScript('features', 'content', 'seed', 'render-images'), [mediaDir], {
      execArgv: process.execArgv,
      stdio: 'ignore',
    });
    // Below the server's priority: visitors' requests, and the start of the server itself, come before its encoding.
    try {
      if (renderer.pid !== undefined) setPriority(renderer.pid, 10);
    } catch {
      // Not permitted here (some containers): it then runs at the server's priority.
    }
    renderer.on('message', (result: { rendered: number; failed: string[]; ms: number }) => {
      if (result.rendered > 0) app.log.info(`rendered ${result.rendered} responsive images in ${result.ms} ms`);
      if (result.failed.length > 0)
        app.log.warn({ failed: result.failed }, 'some responsive images could not be rendered');
    });
    renderer.on('error', (error) => app.log.warn({ err: error }, 'responsive images could not be rendered'));
  });
  app.addHook('onClose', async () => {
    if (renderer && renderer.exitCode === null) renderer.kill('SIGTERM');
  });
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

  await app.register(database, { storage });
  await app.register(errorHandling);
  await app.register(securityHeaders, {
    https: options.https,
    connectSources: options.firebase ? firebaseAuthConnectSources(options.firebase) : [],
  });
  await app.register(fastifyCookie);
  // Behind Firebase Hosting only `__session` reaches the server: the session and the passkey step ride in it.
  if (options.home === 'firebase') await app.register(firebaseSessionCookie);
  else if (options.https) await app.register(hostPrefixedCookies);
  // Limits are set per route (public writes, sign-in); nothing is limited unless a route asks. One quota per client:
  // an IPv4 address or an IPv6 /64 (platform/http/client-address.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: clientKeyOfRequest,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  // Her API, pages and cookies on the admin origin, public-site on the public one (platform/http/site-origins.ts); then one
  // CSRF rule on both homes: the Origin of the addressed origin.
  await app.register(originSplit, {
    publicOrigin: options.publicOrigin,
    adminOrigin: options.adminOrigin,
    remotePaths: {
      'public-site': options.remotes['public-site'].urlPath,
      'admin-app': options.remotes['admin-app'].urlPath,
    },
    previewParam: PREVIEW_PARAM,
  });
  await app.register(csrf, {
    publicOrigin: options.publicOrigin,
    adminOrigin: options.adminOrigin,
    production: options.production,
  });

  // What a visitor may book: the availability, the days confirmed bookings hold, the notice. The same
  // view serves the visitor's calendar and the server's own check of a new request.
  // Only the confirmed bookings from the studio's today on: what is past blocks nothing (ports.ts,
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
  // Public pages rendered on the server, by the deployed entries in a sandboxed child process (features/pages/render-sandbox.ts;
  // compiled, the child's script is copied to dist/features/pages by scripts/build-server.mjs).
  const pageContent = createPageContent(deps.content, options.dataDir);
  const renderer = createServerRenderer({
    shellDir: options.shellDir,
    publicSite: options.remotes['public-site'],
    brand: deps.identity.displayName,
    backend: createHttpBackend({ baseUrl: '', fetch: injectFetch(app), store: memoryStore() }),
    log: app.log,
    sandboxChild: path.join(CODE_ROOT, 'features', 'pages', 'render-sandbox-child.cjs'),
    ...(given.renderTimeoutMs ? { renderTimeoutMs: given.renderTimeoutMs } : {}),
    // Read at render time, after `integrity` below exists: a live version's entry runs only as uploaded.
    versionIntegrity: (version) => integrity.recordOf('public-site', version),
  });
  app.addHook('onClose', async () => renderer.close());
  // The gate smoke-renders every public page of a new public-site version in the sandbox before it may go live.
  const serverEntryCheck: ServerEntryCheck = async ({ remote, entryFile }) => {
    if (remote === 'public-site') await renderer.smokeRender(entryFile, await pageContent.sitemapPaths());
  };

  // Each remote's versions, deployed on their own by a team's CI (docs/deploy.md): the deploy API with its tokens,
  // the admin's view of it, and the versions' files.
  const deploysRepo = storage.deploys;
  const deploys: RemoteDeploys = createRemoteDeploys({
    dataDir: options.dataDir,
    shellDir: options.shellDir,
    remotes: options.remotes,
    keep: options.deploys.keep,
    limits: options.deploys.limits,
    repo: deploysRepo,
    now: options.now,
    log: app.log,
    serverEntryCheck: given.serverEntryCheck ?? serverEntryCheck,
  });
  // A version's files are kept in DATA_DIR/remotes, which is the storage's own folder only on SQLite. With another
  // storage (Firestore: the Firebase home) DATA_DIR is a function instance's scratch folder, seen by no other instance
  // and lost with it, so a version uploaded there would be live on one instance only: the deploy API is off, and the
  // remotes are served as built (firebase/README.md, "What the server keeps where").
  if (isSqlite(storage)) {
    await app.register(deployRoutes, {
      prefix: '/api/deploy',
      deploys,
      repo: deploysRepo,
      uploadLimitBytes: options.deploys.limits.uploadBytes,
    });
  } else {
    app.log.info('remote deploys are off: their files need a DATA_DIR every instance shares (SQLite home only)');
    app.all('/api/deploy/*', async () => {
      throw new HttpError(503, REMOTE_DEPLOYS_OFF);
    });
  }
  // Each deployed file is served only as uploaded, and the shell pins the live versions' manifests and entries
  // (features/deploys/version-integrity.ts); an uploaded version is seen behind her signed preview address only.
  const integrity = createVersionIntegrity({ repo: deploysRepo, versionDir: deploys.versionDir });
  const previews = createPreviewLinks({ now: options.now });
  await app.register(serveVersions, { options, deploys, integrity, previews, sessions: deps.sessions });

  // The deal's payments: Stripe Checkout when STRIPE_SECRET_KEY is set, her own records either way.
  const payments = createPayments({
    options,
    store: storage.payments,
    quotes: storage,
    bookings: deps.bookings,
    contracts: deps.contracts,
    mailer: deps.mailer,
    bus: deps.bus,
    identity: deps.identity,
    log: app.log,
  });

  // The background work on one timer (platform/jobs.ts), stopped before the storage is closed (preClose).
  const jobs = createJobRunner({ log: app.log });
  app.addHook('preClose', async () => jobs.stop());
  // Status changes' mails to clients, held for the Undo window; what came due while the server was down goes now.
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
  await statusNotifications.start(jobs);
  app.addHook('onClose', async () => statusNotifications.stop());

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
    mailer: deps.mailer,
    smsSender: deps.smsSender,
  });
  await app.register(contactRoutes, { options, clientActions, plainForms });
  await app.register(plainFormRoutes, { options, forms: plainForms });
  await app.register(calendarFeedRoutes, {
    options,
    settings: deps.settings,
    bookings: deps.bookings,
    identity: deps.identity,
  });
  await app.register(manageBookingRoutes, {
    options,
    bookings: deps.bookings,
    linkedBooking: payments.bookingOfLink,
    bookable,
    bus: deps.bus,
    identity: deps.identity,
    clientActions,
    quoteSources: storage,
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

  const reminderDeps = {
    bookings: deps.bookings,
    smsSender: deps.smsSender,
    log: app.log,
    timeZone: options.timeZone,
  };
  jobs.add(reminderJob(reminderDeps, options.now));
  jobs.add(clientActionDigestJob(clientActions, options.now));
  // The jobs' work, one pass on demand, for a home whose scheduler runs it (the Firebase functions' onSchedule).
  app.decorate('timerWork', {
    reminders: () => runReminderTick(reminderDeps, options.now()),
    heldStatusMail: () => statusNotifications.sendDueNow(),
    clientActionDigest: () => clientActions.runDigest(options.now()),
  } satisfies TimerWork);

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
