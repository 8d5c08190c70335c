// Server configuration from the environment. Everything that names the site or the admin lives here, never in a
// browser bundle (docs/product.md kept the admin e-mail in the client; the architecture moves it to ADMIN_EMAIL).
import path from 'node:path';
import { DEFAULT_TIMEZONE, isTimeZone } from '@studio/shared/domain/studio-time';
import { MIN_NOTICE_DAYS_DEFAULT } from '@studio/shared/domain';
import { STATUS_UNDO_SECONDS } from '@studio/shared/domain/lifecycle';
import { opsOptionsFromEnv, type OpsOptions } from './ops/ops-settings';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './deploys/unpack';
import { SERVER_ROOT } from './lib/server-root';

/** A zone Intl does not know would make every date wrong: refuse to start rather than guess. */
function timeZoneFromEnv(value: string | undefined): string {
  const zone = value?.trim() || DEFAULT_TIMEZONE;
  if (!isTimeZone(zone)) throw new Error(`TIMEZONE=${zone} is not a time zone (use a name such as America/Phoenix)`);
  return zone;
}

function minNoticeFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return MIN_NOTICE_DAYS_DEFAULT;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0 || days > 365) {
    throw new Error(`MIN_NOTICE_DAYS=${value} must be a whole number of days from 0 to 365`);
  }
  return days;
}

// From the server package's folder, not counted in '..' from this file: the compiled tools (server/dist/cli) sit one
// level deeper than the compiled server (server/dist), and counting put their default DATA_DIR in server/data while
// the server's was data/.
const REPO_ROOT = path.dirname(SERVER_ROOT);

export interface RemoteMount {
  /** URL path the remote's files are served under, ending in '/'. */
  urlPath: string;
  /** Folder holding the remote's build (with mf-manifest.json). */
  dir: string;
}

// ---- The home (STUDIO_HOME): 'embedded' (this server with SQLite, its own sign-in mail) or 'firebase' (behind
// Firebase Hosting; Firebase Auth mails the sign-in link, routes/auth-firebase.ts turns its ID token into a session).
// The browser's web config is public by design (it names the project) and reaches the page in the runtime config;
// it is checked at start, so a missing one stops the server instead of failing in her browser. ----
export type StudioHome = 'embedded' | 'firebase';

export interface FirebaseHome {
  projectId: string;
  /** What firebase/app's initializeApp needs in the browser (FIREBASE_WEB_CONFIG, the web app's config as JSON). */
  webConfig: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** The Auth emulator's host:port (FIREBASE_AUTH_EMULATOR_HOST), for the browser as well as the Admin SDK. */
  authEmulatorHost: string | undefined;
}

function firebaseHomeFromEnv(env: NodeJS.ProcessEnv): { home: StudioHome; firebase: FirebaseHome | undefined } {
  const home = env.STUDIO_HOME?.trim() || 'embedded';
  if (home === 'embedded') return { home, firebase: undefined };
  if (home !== 'firebase') throw new Error(`STUDIO_HOME=${home} must be embedded or firebase`);
  let web: Partial<FirebaseHome['webConfig']>;
  try {
    web = JSON.parse(env.FIREBASE_WEB_CONFIG ?? '{}') as Partial<FirebaseHome['webConfig']>;
  } catch {
    throw new Error('FIREBASE_WEB_CONFIG is not JSON (paste the web app config object from the Firebase console)');
  }
  const projectId = env.FIREBASE_PROJECT_ID || web.projectId || env.GCLOUD_PROJECT;
  if (!projectId || !web.apiKey || !web.authDomain) {
    throw new Error('STUDIO_HOME=firebase needs FIREBASE_WEB_CONFIG with apiKey, authDomain and projectId');
  }
  const webConfig = {
    apiKey: web.apiKey,
    authDomain: web.authDomain,
    projectId,
    ...(web.appId ? { appId: web.appId } : {}),
  };
  return { home, firebase: { projectId, webConfig, authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined } };
}

export interface AppOptions extends OpsOptions {
  /** Where the server runs, and on the Firebase home its project (see firebaseHomeFromEnv). */
  home: StudioHome;
  firebase: FirebaseHome | undefined;
  dataDir: string;
  /** Origin used for links in e-mails (never taken from a request's Host header). */
  publicOrigin: string;
  adminEmail: string;
  modelName: string;
  production: boolean;
  shellDir: string;
  remotes: Record<'public-site' | 'admin-app', RemoteMount>;
  /** Seeds demo content into an empty database. */
  seedDemo: boolean;
  /** Renders the demo images' responsive copies in the background after listening (else each on first request). */
  renderImagesAtStart: boolean;
  /** 'true' / 'false' override the admin's SMS setting (docs/product.md §4); anything else leaves it to her. */
  smsEnabledEnv: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** Log level for Fastify's logger; 'silent' in tests. */
  logLevel: string;
  /** Set behind a TLS-terminating proxy: marks cookies Secure and sends HSTS (which peers are trusted is TRUST_PROXY). */
  https: boolean;
  /** Public-write rate limit per client address per minute. */
  publicWriteLimitPerMinute: number;
  /** Sign-in links one client address may ask for one e-mail per 15 minutes (routes/auth.ts). */
  signInLinksPerPair: number;
  /** Sign-in links the admin's mailbox gets per 15 minutes, whoever asks (routes/auth.ts). */
  signInMailsPerMailbox: number;
  /** The studio's time zone (TIMEZONE): its "today", and every date and time in mails and invites. */
  timeZone: string;
  /** Days of notice before the first bookable day (MIN_NOTICE_DAYS). */
  minNoticeDays: number;
  /** How long a status change's mail to the client is held for Undo (issue 18): the dashboard offers Undo as long. */
  statusUndoMs: number;
  now: () => Date;
  /** Deployed versions of each remote (docs/deploy.md): how many are kept, and what one upload may hold. */
  deploys: { keep: number; limits: UploadLimits };
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): AppOptions {
  const port = Number(env.PORT ?? 8080);
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, '');
  const twilio =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
      : undefined;
  return {
    ...firebaseHomeFromEnv(env),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    publicOrigin,
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@studio.test').trim().toLowerCase(),
    modelName: env.MODEL_NAME ?? 'Ava Monroe',
    production: env.NODE_ENV === 'production',
    shellDir: path.resolve(env.SHELL_DIR ?? path.join(REPO_ROOT, 'shell', 'dist')),
    remotes: {
      'public-site': {
        urlPath: env.PUBLIC_SITE_PATH ?? '/remotes/public-site/',
        dir: path.resolve(env.PUBLIC_SITE_DIR ?? path.join(REPO_ROOT, 'public-site', 'dist')),
      },
      'admin-app': {
        urlPath: env.ADMIN_APP_PATH ?? '/remotes/admin-app/',
        dir: path.resolve(env.ADMIN_APP_DIR ?? path.join(REPO_ROOT, 'admin-app', 'dist')),
      },
    },
    seedDemo: env.SEED_DEMO !== 'false',
    renderImagesAtStart: env.RENDER_IMAGES_AT_START !== 'false',
    smsEnabledEnv: env.SMS_ENABLED,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Studio <no-reply@studio.test>',
    twilio,
    logLevel: env.LOG_LEVEL ?? 'info',
    https: env.HTTPS === 'true' || publicOrigin.startsWith('https://'),
    publicWriteLimitPerMinute: Number(env.PUBLIC_WRITE_LIMIT ?? 20),
    signInLinksPerPair: Number(env.SIGN_IN_LINKS_PER_PAIR ?? 3),
    signInMailsPerMailbox: Number(env.SIGN_IN_MAILS_PER_MAILBOX ?? 10),
    timeZone: timeZoneFromEnv(env.TIMEZONE),
    minNoticeDays: minNoticeFromEnv(env.MIN_NOTICE_DAYS),
    statusUndoMs: STATUS_UNDO_SECONDS * 1000,
    now: () => new Date(),
    deploys: {
      keep: Math.max(2, Number(env.REMOTE_VERSIONS_KEEP ?? 5)),
      limits: {
        ...DEFAULT_UPLOAD_LIMITS,
        ...(env.DEPLOY_MAX_UPLOAD_MB ? { uploadBytes: Number(env.DEPLOY_MAX_UPLOAD_MB) * 1024 * 1024 } : {}),
      },
    },
    ...opsOptionsFromEnv(env),
  };
}
