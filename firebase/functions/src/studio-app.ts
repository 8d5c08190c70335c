// The server's app, built once per function instance and kept for every request the instance serves. The options
// come from the environment as on the embedded home (functions/.env.<project>: MODEL_NAME, ADMIN_EMAIL,
// PUBLIC_ORIGIN, ...); only what is particular to a function instance is set here.
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOverrides } from '../../../server/src/app';

/** The files the server reads from the web build (built into the function's folder by scripts/build-functions.mjs). */
const SITE_DIR = path.join(__dirname, '..', 'site');

/**
 * Where the app keeps its data. INTERIM WIRING, selected by STUDIO_STORAGE=instance-temp: an SQLite database in
 * this instance's temporary folder, which lives as long as the instance and is seen by no other. It proves the
 * plumbing (the bundle, bodies, rewrites, cookies, headers) on the emulators until the server's storage port takes
 * a Firestore storage, which replaces this choice (`buildApp({ storage })`). A deployed function without the choice
 * refuses to start, and `npm run deploy:firebase` refuses to deploy it (scripts/deploy.mjs).
 */
export function storageOptions(env: NodeJS.ProcessEnv = process.env): Pick<BuildOverrides, 'dataDir'> {
  if (env.STUDIO_STORAGE === 'instance-temp') return { dataDir: path.join(tmpdir(), 'studio-data') };
  throw new Error(
    'The app function has no storage: the Firestore storage is not wired into this build yet, and ' +
      'STUDIO_STORAGE=instance-temp (a database per instance, lost with it) is meant for the emulators only.',
  );
}

export function appOptions(env: NodeJS.ProcessEnv = process.env): BuildOverrides {
  return {
    ...storageOptions(env),
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
    const app = await buildApp(appOptions());
    await app.ready();
    return app;
  })().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

/** The server's timer work, one pass each, for the scheduled functions (index.ts). */
export const SCHEDULED_WORK = {
  reminders: async (app: FastifyInstance) => ({ reminded: (await app.timerWork.reminders()).length }),
  heldStatusMail: async (app: FastifyInstance) => {
    await app.timerWork.heldStatusMail();
    return undefined;
  },
  outboxHygiene: async (app: FastifyInstance) => {
    app.ops.sweepOutbox();
    return undefined;
  },
} satisfies Record<string, (app: FastifyInstance) => Promise<Record<string, unknown> | undefined>>;
