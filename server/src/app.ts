// The app factory (fastify/demo's app/server split): builds a ready-to-listen Fastify instance from options, so tests
// drive it through inject() and server.ts only listens.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import path from 'node:path';
import { openDatabase, type Db } from './db/database';
import { seedIfEmpty } from './db/seed/seed';
import { optionsFromEnv, type AppOptions } from './config';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerCsrf } from './plugins/csrf';
import { registerStaticFiles } from './plugins/static-files';
import { createContentRepository } from './repositories/content-repository';
import { createAvailabilityRepository } from './repositories/availability-repository';
import { registerPublicContentRoutes } from './routes/public-content';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    studio: AppOptions;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(overrides: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const options: AppOptions = { ...optionsFromEnv(), ...overrides };
  const app = Fastify({
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Over HTTPS the site sits behind a TLS-terminating proxy; request.ip then names the client for rate limits.
    trustProxy: options.https,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  const db = openDatabase(options.dataDir);
  if (options.seedDemo) seedIfEmpty(db, path.join(options.dataDir, 'media'), options.now());
  app.decorate('db', db);
  app.decorate('studio', options);
  app.addHook('onClose', async () => db.close());

  registerErrorHandling(app);
  registerSecurityHeaders(app, { https: options.https });
  await app.register(fastifyCookie);
  registerCsrf(app);

  const content = createContentRepository(db);
  const availability = createAvailabilityRepository(db);
  registerPublicContentRoutes(app, { content, availability, options });

  registerStaticFiles(app, options);
  return app;
}
