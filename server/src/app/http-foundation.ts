// The infrastructure every route stands on, registered before any of them: the storage's plugin, the error shape, the
// security headers, cookies, the per-route rate limits, the origin split and the CSRF rule.
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppOptions } from '../platform/config';
import { clientKeyOfRequest } from '../platform/http/client-address';
import { firebaseSessionCookie, hostPrefixedCookies } from '../features/auth/session-cookies';
import type { Storage } from './storage';
import { PREVIEW_PARAM } from '../features/deploys/preview-links';
import csrf from '../platform/http/csrf';
import originSplit from '../platform/http/origin-split';
import database from '../platform/sqlite/database-plugin';
import errorHandling from '../platform/http/errors';
import securityHeaders, {
  bucketUploadConnectSources,
  firebaseAuthConnectSources,
} from '../platform/http/security-headers';

export async function registerFoundation(app: FastifyInstance, options: AppOptions, storage: Storage): Promise<void> {
  await app.register(database, { storage });
  await app.register(errorHandling);
  await app.register(securityHeaders, {
    https: options.https,
    connectSources: options.firebase
      ? [...firebaseAuthConnectSources(options.firebase), ...bucketUploadConnectSources(options.firebase)]
      : [],
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
}
