// build(): a real app on a real SQLite file in a fresh temporary DATA_DIR, driven through inject(). What a test needs
// beyond HTTP (arranging rows, reading what was stored) it does through repositories it builds itself on its own
// connection to the same file, never through the app's internals.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import { addCalendarDays, type BookingInput, type BookingRequest, type IsoDate } from '@studio/shared/domain';
import { instantIn } from '@studio/shared/domain/studio-time';
import { buildApp, type BuildOverrides } from '../src/app/app';
import { optionsFromEnv, type AppOptions } from '../src/platform/config';
import { openDatabase, type Db } from '../src/platform/sqlite/database';
import { createChangeBus, type ChangeBus } from '../src/platform/change-bus';
import { createMailer, type Mailer } from '../src/features/messaging/mailer';
import { createSessionStore } from '../src/features/auth/sessions';
import { createSmsTransport, type SmsTransport } from '../src/features/messaging/sms-transport';
import type { NewBookingRequest } from '../src/features/bookings/bookings-store';
import { sqliteStorageOn, type SqliteStorage } from '../src/app/sqlite-storage';
import { decodedPath, isAdminApiPath, isAdminPagePath } from '../src/platform/http/site-origins';

export const ADMIN_EMAIL = 'admin@studio.test';

/** The studio's zone the test apps run in (TIMEZONE, America/Phoenix unless the environment names another). */
export const STUDIO_ZONE = optionsFromEnv().timeZone;
/**
 * The instant it is `time` on `date` at the studio: a fixed clock for tests that count days from "today". Never
 * `new Date(2026, 10, 21, 12)`, which is noon where the machine is (under TZ=Pacific/Auckland, the studio's 20th).
 */
export const atStudio = (date: IsoDate, time = '12:00'): Date => instantIn(STUDIO_ZONE, date, time);
/** A raw ISO 8601 timestamp ('2026-03-12T03:30:00.000Z'): no mail shows one to a person. */
export const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** The test apps' two origins (testOptions): the public pages', and hers (the dashboard, her API, her cookies). */
export const PUBLIC_ORIGIN = 'http://studio.test';
export const ADMIN_ORIGIN = 'http://admin.studio.test';
export const PUBLIC_HOST = new URL(PUBLIC_ORIGIN).host;
export const ADMIN_HOST = new URL(ADMIN_ORIGIN).host;
/**
 * Headers of her page's request over a real socket, where fetch cannot set Host: her origin as the proxy in front of
 * the server forwards it (the app then trusts the loopback proxy: `trustProxy: ['127.0.0.1']`), and its Origin.
 */
export const ADMIN_VIA_PROXY = { 'x-forwarded-host': ADMIN_HOST, origin: ADMIN_ORIGIN } as const;

/** The stores over one connection to the app's database file, built the way the app builds its own. */
export function repositoriesOf(db: Db, options: Pick<AppOptions, 'adminEmail' | 'now'>) {
  const storage: SqliteStorage = sqliteStorageOn(db);
  return {
    db,
    /** Every store of the port (app/storage.ts) on this connection. */
    storage,
    bookings: storage.bookings,
    availability: storage.availability,
    content: storage.content,
    outbox: storage.outbox,
    settings: storage.settings,
    sessions: createSessionStore(storage.sessions, { adminEmail: options.adminEmail, now: options.now }),
  };
}

export type Repositories = ReturnType<typeof repositoriesOf>;

export interface TestApp {
  app: FastifyInstance;
  /** The options the app was built with. */
  options: AppOptions;
  dataDir: string;
  /** The test's own repositories on the app's database file. */
  repos: Repositories;
  /** The bus the app's routes announce their changes on. */
  bus: ChangeBus;
  /** The SMS transport the app sends through (the outbox unless the test gave one). */
  sms: SmsTransport;
  /**
   * Resolves once every mail and SMS the app has started to send has finished, sent or failed, and the mail kept to
   * be sent (a new booking's, written with it) has had a pass of the mail job.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The transports' log in tests: what they would print, the test reads from the outbox instead. */
const silentLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silentLog,
};

/** A fake shell build so the static routes have an index.html to serve. */
function fakeShell(dir: string): string {
  const shellDir = path.join(dir, 'shell');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><script id="studio-config" type="application/json">{}</script></head><body><div id="root"></div></body></html>',
  );
  return shellDir;
}

/** What every test app runs with: a fresh temporary DATA_DIR unless one is given, a fake shell, no logging. */
export function testOptions(overrides: Partial<AppOptions> = {}): AppOptions {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  return {
    ...optionsFromEnv(),
    dataDir,
    logLevel: 'silent',
    adminEmail: ADMIN_EMAIL,
    publicOrigin: PUBLIC_ORIGIN,
    adminOrigin: ADMIN_ORIGIN,
    shellDir: fakeShell(dataDir),
    production: false,
    ...overrides,
  };
}

export async function build(overrides: BuildOverrides = {}): Promise<TestApp> {
  const { mailer: givenMailer, sms: givenSms, bus: givenBus, httpLimits, logStream, ...optionOverrides } = overrides;
  const ownDir = optionOverrides.dataDir === undefined;
  const options = testOptions(optionOverrides);
  const { dataDir } = options;
  const repos = repositoriesOf(openDatabase(dataDir), options);

  // Every send is tracked so a test can wait for the notifications a request started after it was answered.
  const pending = new Set<Promise<void>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    pending.add(done);
    void done.then(() => pending.delete(done));
    return work;
  };
  const innerMailer =
    givenMailer ??
    createMailer({
      smtpUrl: undefined,
      from: options.mailFrom,
      outbox: repos.outbox,
      log: silentLog,
      now: options.now,
    });
  const innerSms =
    givenSms ?? createSmsTransport({ twilio: undefined, outbox: repos.outbox, log: silentLog, now: options.now });
  const mailer: Mailer = {
    kind: innerMailer.kind,
    queue: innerMailer.queue,
    ...(innerMailer.sendDue ? { sendDue: innerMailer.sendDue } : {}),
    send: (message) => track(innerMailer.send(message)),
  };
  const sms: SmsTransport = { kind: innerSms.kind, send: (to, body) => track(innerSms.send(to, body)) };
  const bus = givenBus ?? createChangeBus();

  const app = await buildApp({ ...options, mailer, sms, bus, httpLimits, ...(logStream ? { logStream } : {}) });
  await app.ready();
  addressedAsABrowserWould(app, options);
  return {
    app,
    options,
    dataDir,
    repos,
    bus,
    sms,
    settled: async () => {
      // A new booking's mails leave by a pass of the mail job the route asks for after its answer: this one comes
      // after it (the runner never runs two at once), so whatever that pass had not sent yet is sent by now.
      await app.jobs.runNow('mail retry').catch(() => undefined);
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: async () => {
      await app.close();
      repos.db.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Her paths (her API, the dashboard, the sign-in link's page): a browser reaches them on the admin origin only. */
export const isAdminAddress = (url: string) => {
  const pathname = decodedPath(url);
  return isAdminApiPath(pathname) || isAdminPagePath(pathname);
};

type HeaderBag = Record<string, string | string[] | number | boolean | undefined>;
const headersOf = (options: InjectOptions): HeaderBag => (options.headers ?? {}) as HeaderBag;

/**
 * inject() as a browser sends: a request without a Host of its own goes to the origin its path lives on (her paths
 * to the admin origin, every other to the public one), as a page of that origin would address it. A test of which
 * origin answers what names the Host itself (origin-split.test.ts).
 */
function addressedAsABrowserWould(app: FastifyInstance, options: Pick<AppOptions, 'publicOrigin' | 'adminOrigin'>) {
  const inject = app.inject.bind(app) as (o: InjectOptions | string) => ReturnType<FastifyInstance['inject']>;
  const hostFor = (url: string) => new URL(isAdminAddress(url) ? options.adminOrigin : options.publicOrigin).host;
  const addressed = (given: InjectOptions | string): InjectOptions => {
    const request = typeof given === 'string' ? { url: given } : given;
    const headers = headersOf(request);
    if (headers.host !== undefined || request.authority !== undefined) return request;
    const url = typeof request.url === 'string' ? request.url : (request.path ?? '/');
    return { ...request, headers: { ...headers, host: hostFor(typeof url === 'string' ? url : '/') } };
  };
  (app as { inject: unknown }).inject = (given: InjectOptions | string) => inject(addressed(given));
}

/**
 * inject() for a state-changing request as the site's own page sends it: Host and Origin of the origin its path lives
 * on (platform/http/csrf.ts), unless the test gives either itself.
 */
export function withCsrf(options: InjectOptions & { cookies?: Record<string, string> }): InjectOptions {
  const url = typeof options.url === 'string' ? options.url : '/';
  const origin = isAdminAddress(url) ? ADMIN_ORIGIN : PUBLIC_ORIGIN;
  return {
    ...options,
    headers: { host: new URL(origin).host, origin, ...headersOf(options) },
  };
}

/** inject() options for her request: addressed to the admin origin, from a page of it, with her session cookie. */
export function asAdmin(session: string, options: InjectOptions): InjectOptions {
  return withCsrf({
    ...options,
    headers: { host: ADMIN_HOST, origin: ADMIN_ORIGIN, ...headersOf(options) },
    cookies: { studio_session: session, ...((options as { cookies?: Record<string, string> }).cookies ?? {}) },
  });
}

/** Every "METHOD /path" the app serves, read from Fastify's route tree (HEAD is GET's twin). */
export function registeredRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match?.[2] || match[3] === undefined) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    const segment = match[2];
    stack.length = depth;
    const prefix = stack[depth - 1] ?? '';
    const full =
      depth === 0 ? segment : `${prefix}${prefix.endsWith('/') || segment.startsWith('/') ? '' : '/'}${segment}`;
    stack[depth] = full;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${full}`);
  }
  return out;
}

/** Stores a booking_requests row as given (column names as keys), bypassing the API: fixtures of any shape or age. */
export function insertRow(app: FastifyInstance, row: Record<string, string | number>): void {
  const cols = Object.keys(row);
  app.db
    .prepare(`INSERT INTO booking_requests (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`)
    .run(row);
}

/** Stores a booking request as given, bypassing the API's rules (the port's createOnce, under a key of its own). */
export async function storeBooking(repos: Repositories, booking: NewBookingRequest): Promise<BookingRequest> {
  const key = randomUUID();
  const stored = await repos.bookings.createOnce({
    idempotencyKey: key,
    bodyHash: key,
    range: null,
    decide: () => ({ booking, manageTokenHash: null }),
  });
  return stored.booking;
}

/** A booking request the demo seed accepts as it is (its UGC service, no dates, no phone), for the API. */
export const ugcBookingInput = {
  name: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '',
  serviceId: 'usergeneratedcontent',
  serviceTierId: 'ugc-single',
  date: '',
  consultationDate: '',
  consultationLocation: '',
  location: '',
  description: 'A product video.',
  smsOptIn: false,
};

/**
 * A photoshoot request as the form sends it (the demo seed's standard session): the shoot 21 days after `today` and
 * the consultation a week before it, so neither is in the past nor on a seeded unavailable day.
 */
export const photoshootInput = (today: IsoDate, over: Partial<BookingInput> = {}): BookingInput => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  serviceId: 'photoshoot',
  serviceTierId: 'photoshoot-standard',
  date: addCalendarDays(today, 21),
  consultationDate: addCalendarDays(today, 14),
  consultationLocation: 'Studio downtown',
  location: 'Papago Park',
  description: 'Editorial shoot.',
  smsOptIn: false,
  ...over,
});

export interface OutboxMail {
  recipient: string;
  subject: string;
  body: string;
}

/** The mails in the app's outbox, oldest first; to `recipient` alone when given. Read with SQL: the list is whole. */
export function outboxMails(t: TestApp, recipient?: string): OutboxMail[] {
  const select = "SELECT recipient, subject, body FROM outbox WHERE channel = 'mail'";
  return (
    recipient === undefined
      ? t.app.db.prepare(`${select} ORDER BY id`).all()
      : t.app.db.prepare(`${select} AND recipient = ? ORDER BY id`).all(recipient)
  ) as OutboxMail[];
}

/** The manage link's token in a client's mail (the fragment of its /manage-booking address). */
export function manageTokenIn(mail: OutboxMail): string {
  const token = /\/manage-booking#([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no manage link in the mail "${mail.subject}"`);
  return token;
}

let bookedThroughApi = 0;

/**
 * Books `input` through POST /api/bookings as a visitor (CSRF, a fresh idempotency key), waits for the mails it
 * sends, and answers the stored booking, the client's confirmation mail and the manage token read from it.
 */
export async function bookThroughApi(
  t: TestApp,
  input: BookingInput,
): Promise<{ booking: BookingRequest; mail: OutboxMail; token: string }> {
  const res = await t.app.inject(
    withCsrf({
      method: 'POST',
      url: '/api/bookings',
      payload: input as unknown as InjectOptions['payload'],
      headers: { 'idempotency-key': `booked-through-api-${++bookedThroughApi}` },
    }),
  );
  if (res.statusCode !== 201) throw new Error(`booking refused: ${res.statusCode} ${res.body}`);
  await t.settled();
  const booking = await t.repos.bookings.get(res.json<{ id: string }>().id);
  if (!booking) throw new Error('the booking answered 201 but is not stored');
  const mail = outboxMails(t, input.email).at(-1);
  if (!mail) throw new Error(`no mail to ${input.email}`);
  return { booking, mail, token: manageTokenIn(mail) };
}

let managedRows = 0;

/**
 * Writes a Confirmed $350 UGC request of Jordan Lee's (the quote tests' booking, tier "starter") straight into the
 * table, with a manage link whose token it answers; `fields` replace any column. Made at `at`.
 */
export function insertManagedBooking(
  app: FastifyInstance,
  at: string,
  fields: Record<string, string | number> = {},
): { id: string; token: string } {
  const n = ++managedRows;
  const id = `managed-${n}`;
  const token = `manage-token-${n}-`.padEnd(43, 'x');
  insertRow(app, {
    id,
    name: 'Jordan Lee',
    email: 'jordan@example.com',
    phone: '',
    service_id: 'ugc',
    service: 'User-Generated Content',
    service_price: '$350',
    service_tier: 'Starter',
    service_tier_id: 'starter',
    payment_schedule: '50% upfront, 50% upon completion',
    date: '2026-04-15',
    location: 'Phoenix',
    description: 'Spring launch',
    sms_opt_in: 0,
    status: 'Confirmed',
    manage_token_hash: createHash('sha256').update(token).digest('hex'),
    created_at: at,
    updated_at: at,
    ...fields,
  });
  return { id, token };
}
