// A new booking's two mails are written with the request, in its own transaction, and sent by the runner's mail job
// (docs/decisions/010-mail-is-a-durable-job-written-with-the-request.md): the row and its mails are stored together or
// not at all; what a stopped process had not sent yet leaves with the next pass; two passes never send one mail twice.
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mailToSend } from '../src/features/messaging';
import { CLAIM_MS } from '../src/features/messaging/mail-queue';
import { createMailQueueRepository } from '../src/features/messaging/mail-queue.sqlite';
import type { BookingToStore, NewBookingRequest } from '../src/features/bookings/bookings-store';
import { openDatabase } from '../src/platform/sqlite/database';
import { buildApp } from '../src/app/app';
import { build, repositoriesOf, testOptions, withCsrf, type TestApp } from './helper';
import { NOW, ugc } from './bookings-support';

jest.setTimeout(180_000);

const SERVER = path.resolve(__dirname, '..');
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function app(overrides: Parameters<typeof build>[0] = {}) {
  const made = await build({ now: () => NOW, ...overrides });
  apps.push(made);
  return made;
}

const count = (a: TestApp, table: 'booking_requests' | 'mail_queue' | 'outbox') =>
  (a.app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const mails = (a: TestApp) =>
  a.app.db.prepare("SELECT recipient, subject FROM outbox WHERE channel = 'mail' ORDER BY id").all() as Array<{
    recipient: string;
    subject: string;
  }>;

/** A request as the route stores it, with the two mails it writes (the route's own are rendered the same way). */
function request(key: string, mailsOf?: (id: string) => Array<{ to: string; subject: string }>) {
  const at = NOW.toISOString();
  const toStore: BookingToStore = {
    booking: {
      ...ugc(),
      endDate: '',
      time: '',
      consultationTime: '',
      service: 'User-Generated Content',
      servicePrice: '$1,800',
      serviceTier: 'Monthly Retainer',
      paymentSchedule: 'Monthly in advance',
      status: 'New',
      createdAt: at,
      updatedAt: at,
    } as NewBookingRequest,
    manageTokenHash: null,
  };
  return {
    idempotencyKey: key,
    bodyHash: key,
    range: null,
    decide: () => toStore,
    ...(mailsOf
      ? { mails: (b: { id: string }) => mailsOf(b.id).map((m) => mailToSend({ ...m, text: `About ${b.id}` })) }
      : {}),
  };
}

const twoMails = (id: string) => [
  { to: 'admin@studio.test', subject: `New booking request ${id}` },
  { to: 'hello@brand.example', subject: `Your booking request ${id} has arrived` },
];

test('the row and its two mails are committed together', async () => {
  const t = await app();
  const made = await t.repos.storage.bookings.createOnce(request('together', twoMails));
  expect(made.created).toBe(true);
  expect(count(t, 'booking_requests')).toBe(1);
  const queued = await createMailQueueRepository(t.repos.db).due(NOW.toISOString(), 10);
  expect(queued.map((m) => [m.recipient, m.attempts])).toEqual([
    ['admin@studio.test', 0],
    ['hello@brand.example', 0],
  ]);
  // Waiting to leave is not failing: health still says so only after a refusal.
  expect(await createMailQueueRepository(t.repos.db).status(NOW.toISOString())).toEqual({
    waiting: 0,
    givenUp: 0,
    lastError: null,
  });
});

test('a failure after the insert, while the mails are written, leaves neither the row nor any mail', async () => {
  const t = await app();
  await expect(
    t.repos.storage.bookings.createOnce({
      ...request('fails'),
      mails: () => {
        throw new Error('injected after the insert');
      },
    }),
  ).rejects.toThrow('injected after the insert');
  // A mail the table refuses (no recipient) fails the write of the second mail, after the insert and the first. Read
  // by its message: better-sqlite3's error class belongs to the first test file a jest worker loaded it in.
  const refused = await t.repos.storage.bookings
    .createOnce(
      request('refused', (id) => [...twoMails(id).slice(0, 1), { to: null as unknown as string, subject: 'no one' }]),
    )
    .then(
      () => 'stored',
      (error: unknown) => String((error as { message?: unknown }).message),
    );
  expect(refused).toMatch(/NOT NULL/);
  expect(count(t, 'booking_requests')).toBe(0);
  expect(count(t, 'mail_queue')).toBe(0);
  // The key was not taken: the same request stores once it succeeds.
  expect((await t.repos.storage.bookings.createOnce(request('fails', twoMails))).created).toBe(true);
});

test('with no SMTP server the two mails go straight into the local outbox with the row, or neither does', async () => {
  const t = await app();
  const made = await t.repos.storage.bookings.createOnce({ ...request('kept', twoMails), mailsTo: 'outbox' });
  expect(made.created).toBe(true);
  // In the outbox at the commit, no pass needed, and nothing left for the mail job.
  expect(mails(t)).toEqual(twoMails(made.booking.id).map((m) => ({ recipient: m.to, subject: m.subject })));
  expect(count(t, 'mail_queue')).toBe(0);

  // The second mail refused by the outbox's table, after the insert and the first mail: nothing of it stays.
  const refused = await t.repos.storage.bookings
    .createOnce({
      ...request('kept-refused', (id) => [...twoMails(id).slice(0, 1), { to: null as unknown as string, subject: '' }]),
      mailsTo: 'outbox',
    })
    .then(
      () => 'stored',
      (error: unknown) => String((error as { message?: unknown }).message),
    );
  expect(refused).toMatch(/NOT NULL/);
  expect(count(t, 'booking_requests')).toBe(1);
  expect(count(t, 'outbox')).toBe(2);
});

test('a request over HTTP with no SMTP server: its mails are in the outbox at the answer, and no mail pass is run', async () => {
  // The app's own mailer, as `npm start` builds it with no SMTP_URL (the test helper hands it one of its own).
  const options = testOptions({ now: () => NOW, logLevel: 'silent' });
  const server = await buildApp(options);
  try {
    const res = await server.inject(
      withCsrf({ method: 'POST', url: '/api/bookings', headers: { 'idempotency-key': 'outbox-http' }, payload: ugc() }),
    );
    expect(res.statusCode).toBe(201);
    const kept = server.db.prepare("SELECT recipient FROM outbox WHERE channel = 'mail' ORDER BY id").all();
    expect(kept).toHaveLength(2);
    expect(kept).toContainEqual({ recipient: ugc().email });
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM mail_queue').get()).toEqual({ n: 0 });
    expect(server.jobs.status().find((job) => job.name === 'mail retry')?.lastRunAt).toBeNull();
  } finally {
    await server.close();
    rmSync(options.dataDir, { recursive: true, force: true });
  }
});

test('a retry with the same key writes no mail', async () => {
  const t = await app();
  const first = await post(t, 'retry-1');
  expect(first.statusCode).toBe(201);
  await t.settled();
  const again = await post(t, 'retry-1');
  expect(again.statusCode).toBe(201);
  await t.settled();
  expect(mails(t).map((m) => m.recipient)).toEqual(['admin@studio.test', 'hello@brand.example']);
  expect(count(t, 'mail_queue')).toBe(0);
});

test('mails stored by a process that stopped before sending them leave with the next pass, once', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-durable-mail-'));
  try {
    // What a process leaves when it stops right after the commit: the row and its mails, nothing sent.
    const before = repositoriesOf(openDatabase(dataDir), { adminEmail: 'admin@studio.test', now: () => NOW });
    await before.storage.bookings.createOnce(request('stopped', twoMails));
    before.db.close();
    const t = await app({ dataDir });
    expect(mails(t)).toEqual([]);
    await t.app.jobs.runNow('mail retry');
    await t.app.jobs.runNow('mail retry');
    expect(mails(t).map((m) => m.recipient)).toEqual(['admin@studio.test', 'hello@brand.example']);
    expect(count(t, 'mail_queue')).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a mail a stopped pass took leaves once its claim has run out, not before', async () => {
  let now = NOW;
  const t = await app({ now: () => now });
  await t.repos.storage.bookings.createOnce(request('claimed', twoMails));
  const queue = createMailQueueRepository(t.repos.db);
  const [taken] = await queue.due(NOW.toISOString(), 10);
  if (!taken) throw new Error('no mail kept');
  // A pass that took the admin's mail and then died.
  expect(await queue.claim(taken.id, NOW.toISOString(), new Date(NOW.getTime() + 10 * 60_000).toISOString())).toBe(
    true,
  );
  await t.app.jobs.runNow('mail retry');
  expect(mails(t).map((m) => m.recipient)).toEqual(['hello@brand.example']);
  now = new Date(NOW.getTime() + 11 * 60_000);
  await t.app.jobs.runNow('mail retry');
  expect(mails(t).map((m) => m.recipient)).toEqual(['hello@brand.example', 'admin@studio.test']);
});

test('two passes at once, from two processes on one database, send each mail once', async () => {
  const a = await app();
  const b = await app({ dataDir: a.dataDir });
  for (let i = 0; i < 5; i++) await a.repos.storage.bookings.createOnce(request(`pair-${i}`, twoMails));
  await Promise.all([a.app.jobs.runNow('mail retry'), b.app.jobs.runNow('mail retry')]);
  await Promise.all([a.app.jobs.runNow('mail retry'), b.app.jobs.runNow('mail retry')]);
  expect(mails(a)).toHaveLength(10);
  expect(new Set(mails(a).map((m) => m.subject)).size).toBe(10);
});

function post(t: TestApp, key: string) {
  return t.app.inject(
    withCsrf({ method: 'POST', url: '/api/bookings', payload: ugc(), headers: { 'idempotency-key': key } }),
  );
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('a server killed right after its 201 loses no mail: the next start sends each once', async () => {
  const options = testOptions({ seedDemo: true, renderImagesAtStart: false });
  const port = await freePort();
  const child = execFile(process.execPath, ['--import', 'tsx', path.join(SERVER, 'src', 'server.ts')], {
    cwd: SERVER,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      RENDER_IMAGES_AT_START: 'false',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ADMIN_ORIGIN: 'http://admin.localhost',
      ADMIN_EMAIL: 'admin@studio.test',
    },
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let answered: Response | undefined;
  try {
    const origin = `http://127.0.0.1:${port}`;
    let up = false;
    for (let i = 0; i < 600 && !up && child.exitCode === null; i++) {
      up = (await fetch(`${origin}/api/health`).catch(() => undefined)) !== undefined;
      if (!up) await new Promise((r) => setTimeout(r, 200));
    }
    if (!up) throw new Error(`the server did not start:\n${err}`);
    answered = await fetch(`${origin}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'killed-after-201', origin },
      body: JSON.stringify(ugc()),
    });
  } finally {
    // At once, as a crash would: whatever the process had not sent yet is only in the database.
    child.kill('SIGKILL');
    await exited;
  }
  expect(answered?.status).toBe(201);
  // On the machine's clock, as the killed server wrote its mails, once a claim its pass may have taken has run out (a
  // mail it took is late by that much, never lost, never sent twice).
  const t = await build({ dataDir: options.dataDir, now: () => new Date(Date.now() + CLAIM_MS + 60_000) });
  apps.push(t);
  await t.app.jobs.runNow('mail retry');
  // In either order: the one the killed pass took leaves after the other.
  expect(
    mails(t)
      .map((m) => m.recipient)
      .sort(),
  ).toEqual(['admin@studio.test', 'hello@brand.example']);
  expect(count(t, 'mail_queue')).toBe(0);
  rmSync(options.dataDir, { recursive: true, force: true });
});
