// The server's app, built once per function instance and kept for every request the instance serves. The options
// come from the environment as on the embedded home (functions/.env.<project>: MODEL_NAME, ADMIN_EMAIL,
// PUBLIC_ORIGIN, ADMIN_ORIGIN, ...); only what is particular to a function instance is set here. Cloud Functions runs
// it with NODE_ENV=production, where a missing ADMIN_ORIGIN stops it: the two Hosting sites (firebase.json's
// `public` and `admin` targets) rewrite to this one function, which tells them apart by the X-Forwarded-Host Hosting
// sets to the site's domain, trusted from Google's front end (trustProxy below).
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { buildApp, type BuildOverrides } from '../../../server/src/app/app';
import { optionsFromEnv } from '../../../server/src/platform/config';
import { createCloudStorageMediaFiles } from '../../../server/src/features/media/cloud-storage-media-files';
import { createFirestoreStorage } from '../../../server/src/app/firestore-storage';
import { withSmtpPassword } from './secrets';

/** The files the server reads from the web build (built into the function's folder by scripts/build-functions.mjs). */
const SITE_DIR = path.join(__dirname, '..', 'site');

/** The Admin SDK's default app, configured by the environment Cloud Functions gives (FIREBASE_CONFIG). */
function defaultApp(): App {
  return getApps().find((a) => a.name === '[DEFAULT]') ?? initializeApp();
}

/** The Firestore of the project the function runs in (the emulator when FIRESTORE_EMULATOR_HOST names one). */
function projectFirestore(): Firestore {
  return getFirestore(defaultApp());
}

export function appOptions(env: NodeJS.ProcessEnv = process.env): BuildOverrides {
  // The function is the Firebase home whatever else the environment says: Firebase Auth's sign-in, the __session
  // cookie, CSRF by Origin (optionsFromEnv checks the web config it needs).
  // PORT and HOST are not the function's to read: Cloud Functions listens for it, and its emulator sets PORT to a
  // unix socket's path, which the embedded server's settings schema (a port number) rightly refuses.
  // The SMTP password arrives as a secret of its own and goes into SMTP_URL (secrets.ts).
  const { PORT: _port, HOST: _host, ...settings } = withSmtpPassword(env);
  const { home, firebase } = optionsFromEnv({ ...settings, STUDIO_HOME: 'firebase' });
  return {
    settingsEnv: settings,
    home,
    firebase,
    // Everything is stored in Firestore, shared by every instance (its change feed carries the live updates between
    // them). DATA_DIR is only this instance's scratch folder, the one place a function may write: the demo artwork's
    // files and their responsive copies, re-made by each instance (firebase/README.md, "What the server keeps where").
    dataDir: path.join(tmpdir(), 'studio-data'),
    shellDir: path.join(SITE_DIR, 'shell'),
    remotes: {
      'public-site': { urlPath: '/remotes/public-site/', dir: path.join(SITE_DIR, 'public-site') },
      'admin-app': { urlPath: '/remotes/admin-app/', dir: path.join(SITE_DIR, 'admin-app') },
    },
    // Nothing listens (Cloud Functions owns the socket), and an instance does no work between requests.
    renderImagesAtStart: false,
    // Backups of the Firebase home are Firestore's own (scheduled exports, firebase/README.md).
    backupKeep: 0,
    // Only Google's front end reaches the function, and it appends the address it was called from to
    // X-Forwarded-For: that one hop is trusted unless TRUST_PROXY says otherwise (firebase/README.md).
    ...(env.TRUST_PROXY?.trim() ? {} : { trustProxy: (_address: string, hop: number) => hop < 1 }),
  };
}

let built: Promise<FastifyInstance> | undefined;

/** The app of this instance: built on the first request, ready before it answers; a failed build is tried again. */
export function appInstance(): Promise<FastifyInstance> {
  built ??= (async () => {
    const app = await buildApp({
      ...appOptions(),
      storage: createFirestoreStorage(projectFirestore()),
      // The admin's uploads in the project's default bucket (FIREBASE_CONFIG's storageBucket), shared by every
      // instance; STORAGE_EMULATOR_HOST points the client elsewhere, as the emulated home's tests do.
      mediaFiles: createCloudStorageMediaFiles(getStorage(defaultApp()).bucket()),
    });
    await app.ready();
    return app;
  })().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

/** How many a pass answered it did: the reminders job answers the ids it reminded, the others a number. */
const countOf = (answer: unknown) => (Array.isArray(answer) ? answer.length : answer);

/**
 * What each scheduled function runs (index.ts): one pass of a job of the server's runner, by its name, as the embedded
 * server's timer runs it (never two at once, its last run and failure kept for /api/health); what the pass answered is
 * for the function's log line, and a failed pass fails the function. Each is awaited: a function's instance may be
 * stopped once the scheduled call returns, mid-pass.
 */
export const SCHEDULED_WORK = {
  reminders: async (app: FastifyInstance) => ({ reminded: countOf(await app.jobs.runNow('reminders')) }),
  // Its pass returns once the mail it took has left.
  heldStatusMail: async (app: FastifyInstance) => {
    await app.jobs.runNow('held status mail');
    return undefined;
  },
  clientActionDigest: async (app: FastifyInstance) => ({
    carried: countOf(await app.jobs.runNow('client action digest')),
  }),
  outboxHygiene: async (app: FastifyInstance) => {
    await app.jobs.runNow('outbox sweep');
    return undefined;
  },
  // Mail the SMTP server refused is sent again from here too: an instance lives only while it serves, so the
  // retry the server keeps on its own timer would wait for the next visitor.
  mailRetry: async (app: FastifyInstance) => ({ sent: countOf(await app.jobs.runNow('mail retry')) }),
} satisfies Record<string, (app: FastifyInstance) => Promise<Record<string, unknown> | undefined>>;
