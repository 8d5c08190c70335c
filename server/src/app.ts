// The app factory (fastify/demo's app/server split): builds a ready-to-listen Fastify instance from options, so tests
// drive it through inject() and server.ts only listens.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import { openDatabase, type Db } from './db/database';
import { seedIfEmpty } from './db/seed/seed';
import { optionsFromEnv, type AppOptions } from './config';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerCsrf } from './plugins/csrf';
import { registerStaticFiles } from './plugins/static-files';
import { SHARE_IMAGE, createResponsiveImages } from './db/seed/responsive-images';
import { demoArtworks } from './db/seed/demo-content';
import { createContentRepository } from './repositories/content-repository';
import { createAvailabilityRepository } from './repositories/availability-repository';
import { createOutboxRepository } from './repositories/outbox-repository';
import { createSettingsRepository } from './repositories/settings-repository';
import { createSessionStore } from './lib/sessions';
import { registerRequireAdmin } from './plugins/require-admin';
import { createBookingsRepository } from './repositories/bookings-repository';
import { registerAuthRoutes } from './routes/auth';
import { registerAdminBookingsRoutes } from './routes/admin-bookings';
import { registerAdminAvailabilityRoutes } from './routes/admin-availability';
import { registerAdminSettingsRoutes } from './routes/admin-settings';
import { registerAdminEventsRoute } from './routes/admin-events';
import { createChangeBus } from './lib/change-bus';
import { createMailer, type Mailer } from './lib/mailer';
import { createSmsTransport, type SmsTransport } from './lib/sms-transport';
import { createSmsSender } from './lib/sms-sender';
import { registerPublicContentRoutes } from './routes/public-content';
import { registerDevOutboxRoute } from './routes/dev-outbox';
import { devOutboxEnabled } from './lib/dev-outbox-policy';
import { registerOps } from './ops/register-ops';
import { loggerOptions, type LogStream } from './ops/request-log';
import { registerBookingRoutes } from './routes/bookings';
import { startReminderJob } from './services/reminder-job';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppDeps } from './deps';

// The home page's hero in the media folder (seeded artwork), preloaded with the HTML of '/'.
const HERO_IMAGE_FILE = 'hero.svg';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    studio: AppOptions;
    deps: AppDeps;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOverrides extends Partial<AppOptions> {
  /** Replace a transport (tests exercise the SMTP and Twilio paths with fakes). */
  mailer?: Mailer;
  sms?: SmsTransport;
  /** Where log lines go instead of standard output. */
  logStream?: LogStream;
}

export async function buildApp(overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const { mailer: mailerOverride, sms: smsOverride, logStream, ...optionOverrides } = overrides;
  const options: AppOptions = { ...optionsFromEnv(), ...optionOverrides };
  // Decided first: a deployed site with DEV_OUTBOX=true refuses to start before it touches anything.
  const devOutbox = devOutboxEnabled(options);
  const app = Fastify({
    logger: loggerOptions(options.logLevel, logStream),
    // One line per request instead, without query strings or addresses (ops/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the proxies TRUST_PROXY names may set the client address (request.ip, which rate limits key on).
    trustProxy: options.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  const db = openDatabase(options.dataDir);
  const mediaDir = path.join(options.dataDir, 'media');
  if (options.seedDemo) seedIfEmpty(db, mediaDir, options.now());
  app.decorate('db', db);
  app.decorate('studio', options);
  app.addHook('onClose', async () => db.close());

  registerErrorHandling(app);
  registerSecurityHeaders(app, { https: options.https });
  await app.register(fastifyCookie);
  // Limits are set per route (public writes, sign-in); nothing is limited unless a route asks.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  registerCsrf(app);

  const outbox = createOutboxRepository(db);
  const deps: AppDeps = {
    options,
    content: createContentRepository(db),
    availability: createAvailabilityRepository(db),
    outbox,
    settings: createSettingsRepository(db, options.smsEnabledEnv),
    bus: createChangeBus(),
    mailer:
      mailerOverride ??
      createMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, outbox, log: app.log, now: options.now }),
    sms: smsOverride ?? createSmsTransport({ twilio: options.twilio, outbox, log: app.log }),
    sessions: createSessionStore(db, { adminEmail: options.adminEmail, now: options.now }),
    bookings: createBookingsRepository(db),
  } as Omit<AppDeps, 'smsSender'> as AppDeps;
  deps.smsSender = createSmsSender({
    db,
    transport: deps.sms,
    settings: deps.settings,
    log: app.log,
    now: () => options.now().getTime(),
  });
  app.decorate('deps', deps);
  // Sign-in and the admin's routes; the guard covers every /api/admin/ route whatever the registration order.
  registerRequireAdmin(app, deps.sessions);
  registerAuthRoutes(app, deps);
  registerAdminBookingsRoutes(app, deps);
  registerAdminAvailabilityRoutes(app, deps);
  registerAdminSettingsRoutes(app, deps);
  registerAdminEventsRoute(app, deps);

  registerPublicContentRoutes(app, deps);
  registerBookingRoutes(app, deps);
  const reminders = startReminderJob(
    { bookings: deps.bookings, settings: deps.settings, smsSender: deps.smsSender, log: app.log },
    options.now,
  );
  app.addHook('onClose', async () => reminders.stop());
  if (devOutbox) registerDevOutboxRoute(app, deps);
  registerOps(app, deps);

  // Responsive copies of the demo artwork: rendered after the server listens (never delaying the first start),
  // or on the spot when asked for first. Only for the demo: the admin's own uploads are not part of this issue.
  // The bulk is rendered in a child process (render-images.ts), so the server's own memory stays small.
  const images = options.seedDemo ? createResponsiveImages(mediaDir, demoArtworks) : undefined;
  if (images && options.renderImagesAtStart) {
    let renderer: ChildProcess | undefined;
    app.addHook('onListen', async () => {
      // Compiled, the renderer is dist/db/seed/render-images.js beside this bundle; under tsx, its TypeScript source
      // (execArgv carries the loader the server itself runs under).
      renderer = fork(path.join(__dirname, 'db', 'seed', `render-images${path.extname(__filename)}`), [mediaDir], {
        execArgv: process.execArgv,
        stdio: 'ignore',
      });
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
  registerStaticFiles(app, options, images, {
    serviceOf: (id) => deps.content.findService(id),
    portfolioSectionOf: (id) => deps.content.getPortfolioMeta()?.data.portfolioCategories.find((c) => c.id === id),
    shareImage: () => (existsSync(path.join(options.dataDir, SHARE_IMAGE)) ? SHARE_IMAGE : undefined),
    heroImageOf: (pathname) =>
      pathname === '/' && existsSync(path.join(mediaDir, HERO_IMAGE_FILE)) ? `/media/${HERO_IMAGE_FILE}` : undefined,
  });
  return app;
}
