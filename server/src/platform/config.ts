// Server configuration from the environment. Everything that names the site or the admin lives here, never in a
// browser bundle (docs/product.md kept the admin e-mail in the client; the architecture moves it to ADMIN_EMAIL).
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIMEZONE, isTimeZone } from '@studio/shared/domain/studio-time';
import { MIN_NOTICE_DAYS_DEFAULT } from '@studio/shared/domain';
import { STATUS_UNDO_SECONDS } from '@studio/shared/domain/lifecycle';
import { opsOptionsFromEnv, type OpsOptions } from './ops-settings';
import { SERVER_ROOT } from './server-root';

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

/** What an uploaded build (a remote deploy's gzip tarball) may hold; features/deploys/unpack.ts refuses more. */
export interface UploadLimits {
  /** The tarball as sent (compressed). */
  uploadBytes: number;
  /** Every file unpacked, together. */
  unpackedBytes: number;
  files: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  uploadBytes: 50 * 1024 * 1024,
  unpackedBytes: 200 * 1024 * 1024,
  files: 5000,
};

export interface RemoteMount {
  /** URL path the remote's files are served under, ending in '/'. */
  urlPath: string;
  /** Folder holding the remote's build (with mf-manifest.json). */
  dir: string;
}

// ---- The home (STUDIO_HOME): 'embedded' (this server with SQLite, its own sign-in mail) or 'firebase' (behind
// Firebase Hosting; Firebase Auth makes the sign-in link, which this server asks for and mails only to ADMIN_EMAIL,
// and features/auth/auth-firebase.routes.ts turns the ID token it gives into a session).
// The browser's web config is public by design (it names the project) and reaches the page in the runtime config;
// it is checked at start, so a missing one stops the server instead of failing in her browser. ----
export type StudioHome = 'embedded' | 'firebase';

export interface FirebaseHome {
  projectId: string;
  /** What firebase/app's initializeApp needs in the browser (FIREBASE_WEB_CONFIG, the web app's config as JSON). */
  webConfig: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** The Auth emulator's host:port (FIREBASE_AUTH_EMULATOR_HOST), for the browser as well as the Admin SDK. */
  authEmulatorHost: string | undefined;
  /**
   * The Cloud Storage stand-in's URL (STORAGE_EMULATOR_HOST) when the bucket is one: her browser PUTs her uploads'
   * bytes there instead of to Cloud Storage (docs/decisions/012-her-files-go-straight-to-the-bucket-on-firebase.md).
   */
  storageEmulatorHost?: string;
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
  const storageEmulatorHost = env.STORAGE_EMULATOR_HOST || undefined;
  return {
    home,
    firebase: {
      projectId,
      webConfig,
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
      ...(storageEmulatorHost ? { storageEmulatorHost } : {}),
    },
  };
}

export interface AppOptions extends OpsOptions {
  /** HOST and PORT: where the server listens (server.ts). */
  host: string;
  port: number;
  /** Where the server runs, and on the Firebase home its project (see firebaseHomeFromEnv). */
  home: StudioHome;
  firebase: FirebaseHome | undefined;
  dataDir: string;
  /** Origin used for links in e-mails (never taken from a request's Host header). */
  publicOrigin: string;
  /**
   * ADMIN_ORIGIN: where her dashboard, the admin and sign-in API and her cookies live, apart from the public origin
   * whose code a public-site deploy token may change (platform/http/site-origins.ts). Its sign-in links and admin links name it.
   */
  adminOrigin: string;
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
  /** SMTP_URL, when mail leaves by SMTP; undefined when it is kept in the local outbox (mailTransport). */
  smtpUrl: string | undefined;
  /**
   * MAIL_TRANSPORT: 'smtp' (SMTP_URL set) or 'outbox'. A production site without SMTP_URL refuses to start unless
   * MAIL_TRANSPORT=outbox chooses the outbox on purpose (a site that fell back to it silently kept her sign-in links
   * where nobody read them).
   */
  mailTransport: 'smtp' | 'outbox';
  mailFrom: string;
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /**
   * Online payment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the webhook endpoint's signing secret).
   * undefined without a secret key: the pay step is hidden and she records payments by hand. `apiBase`
   * (STRIPE_API_BASE, e.g. http://127.0.0.1:4242) points the library at a local stand-in of Stripe's API; tests only,
   * refused in production.
   */
  stripe: StripeSettings | undefined;
  /** Log level for Fastify's logger; 'silent' in tests. */
  logLevel: string;
  /** Set behind a TLS-terminating proxy: marks cookies Secure and sends HSTS (which peers are trusted is TRUST_PROXY). */
  https: boolean;
  /** Public-write rate limit per client address per minute. */
  publicWriteLimitPerMinute: number;
  /** Sign-in links one client address may ask for one e-mail per 15 minutes (features/auth/auth.routes.ts). */
  signInLinksPerPair: number;
  /** Sign-in links the admin's mailbox gets per 15 minutes, whoever asks (features/auth/auth.routes.ts). */
  signInMailsPerMailbox: number;
  /** The studio's time zone (TIMEZONE): its "today", and every date and time in mails and invites. */
  timeZone: string;
  /** Days of notice before the first bookable day (MIN_NOTICE_DAYS). */
  minNoticeDays: number;
  /** How long a status change's mail to the client is held for Undo: the dashboard offers Undo as long. */
  statusUndoMs: number;
  now: () => Date;
  /** Deployed versions of each remote (docs/deploy.md): how many are kept, and what one upload may hold. */
  deploys: { keep: number; limits: UploadLimits };
}

export interface StripeSettings {
  secretKey: string;
  /** '' when not set: every webhook is then refused (400), since none can be verified. */
  webhookSecret: string;
  apiBase: URL | undefined;
}

// A Stripe secret key: sk_live_ or sk_test_ and the key itself, letters and digits (24 in Stripe's oldest keys, about 99
// in today's). Anything else (the guide's `sk_live_...` left as it was, a publishable pk_ key pasted by mistake) would
// start the site offering "Pay online" to clients and fail at the payment page, so the start is refused instead.
const STRIPE_SECRET_KEY_FORMAT = /^sk_(test|live)_[A-Za-z0-9]{24,}$/;

/** Refuses a STRIPE_SECRET_KEY that is set but is not a secret key; the value is never repeated (it is a secret). */
function checkStripeSecretKey(value: string | undefined): void {
  const key = value?.trim();
  if (key && !STRIPE_SECRET_KEY_FORMAT.test(key))
    throw new Error(
      'STRIPE_SECRET_KEY is not a Stripe secret key: it starts with sk_live_ (sk_test_ in test mode) followed by the key as the Stripe dashboard shows it (Developers, API keys). Leave STRIPE_SECRET_KEY unset to record payments by hand.',
    );
}

function stripeFromEnv(env: NodeJS.ProcessEnv, production: boolean): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  const base = env.STRIPE_API_BASE?.trim();
  if (base && production)
    throw new Error('STRIPE_API_BASE is for tests only: a production site talks to Stripe itself');
  let apiBase: URL | undefined;
  if (base) {
    try {
      apiBase = new URL(base);
    } catch {
      throw new Error(`STRIPE_API_BASE=${base} must be an address such as http://127.0.0.1:4242`);
    }
  }
  return { secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() ?? '', apiBase };
}

/** A setting the server or a tool cannot start with: names it, says what it must be. */
export class SettingsError extends Error {
  constructor(readonly problems: Array<{ setting: string; message: string }>) {
    super(problems.map((p) => p.message).join(' '));
    this.name = 'SettingsError';
  }
}

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
const trueOrFalse = z.enum(['true', 'false'], { error: 'must be true or false' });

/**
 * The settings with a simple shape, checked in one pass (each unset or empty one takes its default in optionsFromEnv).
 * The others (TIMEZONE, MIN_NOTICE_DAYS, TRUST_PROXY, the backups', the Firebase home's) have readers of their own,
 * whose refusals are collected with these.
 */
const settingsSchema = z.object({
  HOST: z.string().trim().min(1).optional(),
  PORT: wholeNumber(0, 65535).optional(),
  NODE_ENV: z.string().optional(),
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+\/?$/, 'must be an origin such as https://ava-monroe.com (no path)')
    .optional(),
  ADMIN_ORIGIN: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+\/?$/, 'must be an origin such as https://admin.ava-monroe.com (no path)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SEED_DEMO: trueOrFalse.optional(),
  RENDER_IMAGES_AT_START: trueOrFalse.optional(),
  HTTPS: trueOrFalse.optional(),
  PUBLIC_WRITE_LIMIT: wholeNumber(1, 1_000_000_000).optional(),
  SIGN_IN_LINKS_PER_PAIR: wholeNumber(1, 1_000_000).optional(),
  SIGN_IN_MAILS_PER_MAILBOX: wholeNumber(1, 1_000_000).optional(),
  REMOTE_VERSIONS_KEEP: wholeNumber(2, 1000).optional(),
  DEPLOY_MAX_UPLOAD_MB: wholeNumber(1, 10_000).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// address')
    .optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'outbox'], { error: 'must be smtp or outbox' }).optional(),
});

/** The environment without empty values: an empty setting is an unset one, as before. */
const setOnly = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== '')) as Record<
    string,
    string
  >;

/** Reads one setting with its own reader; a refusal is kept (under the setting's name) and `fallback` answered. */
function readEach(problems: SettingsError['problems']) {
  return <T>(setting: string, read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push({ setting, message: (error as Error).message });
      return fallback;
    }
  };
}

/** The setting a reader's message names first (the readers start their messages with it). */
const settingNamedIn = (message: string, fallback: string) => /^([A-Z][A-Z0-9_]+)\b/.exec(message)?.[1] ?? fallback;

/**
 * Every setting, parsed once at start (the server's and each tool's): a value that does not fit stops it with a
 * SettingsError naming each such setting, instead of becoming NaN (PUBLIC_WRITE_LIMIT=twenty once did).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): AppOptions {
  const problems: SettingsError['problems'] = [];
  const parsed = settingsSchema.safeParse(setOnly(env));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const setting = String(issue.path[0]);
      problems.push({ setting, message: `${setting}=${env[setting] ?? ''} ${issue.message}.` });
    }
  }
  const s = parsed.success ? parsed.data : ({} as z.infer<typeof settingsSchema>);
  const read = readEach(problems);
  const port = s.PORT ?? 8080;
  const publicOrigin = (s.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, '');
  // Chromium and Firefox resolve every *.localhost name to this machine, so the local default needs no DNS.
  const adminOrigin = (s.ADMIN_ORIGIN ?? `http://admin.localhost:${port}`).replace(/\/$/, '');
  if (new URL(adminOrigin).host === new URL(publicOrigin).host)
    problems.push({
      setting: 'ADMIN_ORIGIN',
      message: `ADMIN_ORIGIN=${adminOrigin} must be another host than PUBLIC_ORIGIN: her account lives apart from the public pages.`,
    });
  if (env.NODE_ENV === 'production' && !s.ADMIN_ORIGIN && s.PUBLIC_ORIGIN)
    problems.push({
      setting: 'ADMIN_ORIGIN',
      message: `ADMIN_ORIGIN is not set: a production site names the address of her dashboard, e.g. https://admin.${new URL(publicOrigin).host}.`,
    });
  const twilio =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
      : undefined;
  const production = env.NODE_ENV === 'production';
  const homes = read('STUDIO_HOME', () => firebaseHomeFromEnv(env), {
    home: 'embedded' as StudioHome,
    firebase: undefined,
  });
  const mailTransport = s.MAIL_TRANSPORT ?? (s.SMTP_URL ? 'smtp' : 'outbox');
  if (mailTransport === 'smtp' && !s.SMTP_URL)
    problems.push({ setting: 'SMTP_URL', message: "MAIL_TRANSPORT=smtp needs SMTP_URL (the mail server's address)." });
  // The Firebase home checks its own settings before it deploys (firebase/scripts/deploy.mjs names SMTP_URL).
  if (production && homes.home === 'embedded' && !s.SMTP_URL && s.MAIL_TRANSPORT !== 'outbox')
    problems.push({
      setting: 'SMTP_URL',
      message:
        "SMTP_URL is not set: a production site (NODE_ENV=production) sends its mail by SMTP, or the sign-in links and the clients' mails sit in a local outbox nobody reads. Set SMTP_URL, or MAIL_TRANSPORT=outbox to keep the mail in the outbox on purpose.",
    });
  const ops = read('ops', () => opsOptionsFromEnv(env), undefined);
  read('STRIPE_SECRET_KEY', () => checkStripeSecretKey(env.STRIPE_SECRET_KEY), undefined);
  const stripe = read('STRIPE_API_BASE', () => stripeFromEnv(env, production), undefined);
  const timeZone = read('TIMEZONE', () => timeZoneFromEnv(env.TIMEZONE), DEFAULT_TIMEZONE);
  const minNoticeDays = read('MIN_NOTICE_DAYS', () => minNoticeFromEnv(env.MIN_NOTICE_DAYS), MIN_NOTICE_DAYS_DEFAULT);
  // The ops readers name their setting first in their messages (BACKUP_KEEP must be ..., TRUST_PROXY ...).
  for (const p of problems) if (p.setting === 'ops') p.setting = settingNamedIn(p.message, 'ops');
  if (problems.length > 0 || !ops) throw new SettingsError(problems);
  return {
    ...homes,
    host: s.HOST ?? '0.0.0.0',
    port,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    publicOrigin,
    adminOrigin,
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@studio.test').trim().toLowerCase(),
    modelName: env.MODEL_NAME ?? 'Ava Monroe',
    production,
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
    seedDemo: s.SEED_DEMO !== 'false',
    renderImagesAtStart: s.RENDER_IMAGES_AT_START !== 'false',
    smsEnabledEnv: env.SMS_ENABLED,
    smtpUrl: mailTransport === 'smtp' ? s.SMTP_URL : undefined,
    mailTransport,
    mailFrom: env.MAIL_FROM ?? 'Studio <no-reply@studio.test>',
    twilio,
    stripe,
    logLevel: s.LOG_LEVEL ?? 'info',
    https: s.HTTPS === 'true' || publicOrigin.startsWith('https://') || adminOrigin.startsWith('https://'),
    publicWriteLimitPerMinute: s.PUBLIC_WRITE_LIMIT ?? 20,
    signInLinksPerPair: s.SIGN_IN_LINKS_PER_PAIR ?? 3,
    signInMailsPerMailbox: s.SIGN_IN_MAILS_PER_MAILBOX ?? 10,
    timeZone,
    minNoticeDays,
    statusUndoMs: STATUS_UNDO_SECONDS * 1000,
    now: () => new Date(),
    deploys: {
      keep: s.REMOTE_VERSIONS_KEEP ?? 5,
      limits: {
        ...DEFAULT_UPLOAD_LIMITS,
        ...(s.DEPLOY_MAX_UPLOAD_MB ? { uploadBytes: s.DEPLOY_MAX_UPLOAD_MB * 1024 * 1024 } : {}),
      },
    },
    ...ops,
  };
}
