// Mail she can trust: production without SMTP_URL refuses to start (or warns at warn level when
// the outbox is chosen); a send that fails is retried and then delivered when the SMTP stand-in comes back, and health
// shows the degraded mail meanwhile. The mail server is a real one on 127.0.0.1 (e2e/support/smtp-sink.ts), stopped
// and started again on the same port; the server is the real app over HTTP on its SQLite file; only the clock is the
// test's, so the pauses between tries (1, 2, 4, ... minutes, for 24 hours) pass at once.
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_MAIL_NOT_SENT } from '@studio/shared/messages';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink';
import { buildApp } from '../src/app/app';
import { optionsFromEnv, SettingsError } from '../src/platform/config';
import { openDatabase } from '../src/platform/sqlite/database';
import { createMailQueueRepository } from '../src/features/messaging/mail-queue.sqlite';
import { SIGN_IN_MAIL_SUBJECT } from '../src/features/auth/auth.routes';
import { ADMIN_EMAIL, ADMIN_HOST, ADMIN_VIA_PROXY, repositoriesOf, testOptions } from './helper';

jest.setTimeout(90_000);

const SERVER = path.resolve(__dirname, '..');
const MINUTE = 60_000;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('production without SMTP_URL', () => {
  test('refuses to start, naming SMTP_URL and MAIL_TRANSPORT=outbox', () => {
    let refusal: unknown;
    try {
      optionsFromEnv({ NODE_ENV: 'production' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(SettingsError);
    expect((refusal as SettingsError).problems.map((p) => p.setting)).toEqual(['SMTP_URL']);
    expect((refusal as SettingsError).message).toContain('MAIL_TRANSPORT=outbox');
    // Not outside production, and not with the outbox chosen.
    expect(optionsFromEnv({}).mailTransport).toBe('outbox');
    expect(optionsFromEnv({ NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe('outbox');
  });

  test('the outbox chosen on purpose: the server starts, warns at warn level, and health says "outbox"', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-outbox-'));
    const port = await freePort();
    const child = execFile(process.execPath, ['--import', 'tsx', path.join(SERVER, 'src', 'server.ts')], {
      cwd: SERVER,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        MAIL_TRANSPORT: 'outbox',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        RENDER_IMAGES_AT_START: 'false',
        PUBLIC_ORIGIN: 'http://127.0.0.1',
        // A production site names her origin, or the server refuses to start.
        ADMIN_ORIGIN: 'http://admin.localhost',
      },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      let health: Response | undefined;
      for (let i = 0; i < 150 && !health; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 200));
      }
      expect(await health!.json()).toEqual({ ok: true, version: expect.any(String), mail: 'outbox', failingJobs: [] });
      const warning = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .find((l) => l.msg.startsWith('MAIL_TRANSPORT=outbox'));
      expect(warning).toMatchObject({ level: 40 });
      expect(warning!.msg).toContain('nobody receives it until SMTP_URL is set');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test('her dashboard says when a production site keeps its mail in the outbox, not when a local one does', async () => {
  for (const production of [true, false]) {
    const options = testOptions({ production, smtpUrl: undefined, mailTransport: 'outbox' });
    const app = await buildApp(options);
    const repos = repositoriesOf(openDatabase(options.dataDir), options);
    try {
      const session = (await repos.sessions.create(ADMIN_EMAIL)).id;
      // Her API answers on her origin only.
      const res = await app.inject({
        url: '/api/admin/settings/mail',
        headers: { host: ADMIN_HOST },
        cookies: { studio_session: session },
      });
      expect(res.json()).toEqual({ state: production ? 'outbox' : 'ok', waiting: 0, givenUp: 0, lastError: null });
    } finally {
      await app.close();
      repos.db.close();
      rmSync(options.dataDir, { recursive: true, force: true });
    }
  }
});

describe('a mail the SMTP server does not take', () => {
  let sink: SmtpSink;
  let smtpPort: number;
  let clock = new Date('2026-11-27T10:00:00Z').getTime();
  const now = () => new Date(clock);
  let dataDir: string;
  let app: FastifyInstance;
  let base: string;
  const logLines: string[] = [];

  async function start() {
    const options = testOptions({
      dataDir,
      now,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      mailTransport: 'smtp',
      mailFrom: 'Studio <no-reply@studio.test>',
      publicOrigin: 'http://127.0.0.1',
      trustProxy: ['127.0.0.1'],
      logLevel: 'info',
    });
    app = await buildApp({ ...options, logStream: { write: (l) => void logLines.push(l) } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  const health = async () => {
    const res = await fetch(`${base}/api/health`);
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const askForLink = () =>
    fetch(`${base}/api/auth/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ADMIN_VIA_PROXY },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
  /** What her dashboard reads (GET /api/admin/settings/mail), signed in as her. */
  async function dashboardMail() {
    const repos = repositoriesOf(openDatabase(dataDir), { adminEmail: ADMIN_EMAIL, now });
    try {
      const session = (await repos.sessions.create(ADMIN_EMAIL)).id;
      const res = await fetch(`${base}/api/admin/settings/mail`, {
        headers: { cookie: `studio_session=${session}`, ...ADMIN_VIA_PROXY },
      });
      return (await res.json()) as unknown;
    } finally {
      repos.db.close();
    }
  }
  const advance = (ms: number) => {
    clock += ms;
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-mail-'));
    sink = await startSmtpSink();
    smtpPort = sink.port;
    await start();
  });
  afterEach(async () => {
    await app.close();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('is kept, tried again after a pause, survives a restart, and leaves once the mail server is back', async () => {
    // Working mail first: health says so.
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: expect.any(String), mail: 'ok', failingJobs: [] },
    });

    await sink.stop();
    const refused = await askForLink();
    // She is told in words, not a bare 500 nor "link sent".
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toBe(SIGN_IN_MAIL_NOT_SENT);
    advance(2000);
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: expect.any(String), mail: 'degraded', failingJobs: [] },
    });
    expect(logLines.join('')).toContain('the SMTP server did not take a mail: it is kept and sent again');
    // Her dashboard's banner reads how many wait and what the mail server said.
    expect(await dashboardMail()).toEqual({
      state: 'degraded',
      waiting: 1,
      givenUp: 0,
      lastError: expect.stringMatching(/ECONNREFUSED/) as string,
    });

    // Not due before its first pause (a minute); due after it, refused again, then waits two minutes.
    advance(30_000);
    expect(await app.jobs.runNow('mail retry')).toBe(0);
    advance(MINUTE);
    expect(await app.jobs.runNow('mail retry')).toBe(0);
    expect(logLines.join('')).toContain('a kept mail was refused again');

    // A restart loses nothing: the mail waits in the database.
    await app.close();
    await start();
    advance(2000);
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: expect.any(String), mail: 'degraded', failingJobs: [] },
    });

    // The mail server comes back on its address; before the two minutes nothing is sent, after them the mail leaves.
    sink = await startSmtpSink(smtpPort);
    advance(MINUTE);
    expect(await app.jobs.runNow('mail retry')).toBe(0);
    expect(sink.mails).toEqual([]);
    advance(MINUTE + 1000);
    expect(await app.jobs.runNow('mail retry')).toBe(1);
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to).toEqual([ADMIN_EMAIL]);
    expect(sink.mails[0]!.headers.subject).toBe(SIGN_IN_MAIL_SUBJECT);
    expect(sink.mails[0]!.body).toContain('/finishSignIn?token=');

    advance(2000);
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: expect.any(String), mail: 'ok', failingJobs: [] },
    });
    expect(await dashboardMail()).toEqual({ state: 'ok', waiting: 0, givenUp: 0, lastError: null });
    // Sent once: nothing is due any more.
    advance(2 * 60 * MINUTE);
    expect(await app.jobs.runNow('mail retry')).toBe(0);
    expect(sink.mails).toHaveLength(1);
  });

  test('is given up on after 24 hours of refusals, logged as an error, and health stays degraded that day', async () => {
    await sink.stop();
    expect((await askForLink()).status).toBe(503);
    // Tries at 1, 2, 4, ... minutes, then hourly: a day of them.
    for (let hours = 0; hours < 25; hours++) {
      advance(60 * MINUTE);
      await app.jobs.runNow('mail retry');
    }
    const db = openDatabase(dataDir);
    try {
      const queue = createMailQueueRepository(db);
      const status = await queue.status(new Date(clock - 24 * 60 * MINUTE).toISOString());
      expect(status).toMatchObject({ waiting: 0, givenUp: 1 });
      expect(status.lastError).toContain('ECONNREFUSED');
    } finally {
      db.close();
    }
    const errorLine = logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => l.level === 50);
    expect(errorLine?.msg).toBe('a mail was refused for 24 hours and is given up on');
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: expect.any(String), mail: 'degraded', failingJobs: [] },
    });
    // A day later, health is back to ok (the loss was said for a day; the log keeps it).
    advance(25 * 60 * MINUTE);
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, version: expect.any(String), mail: 'ok', failingJobs: [] },
    });
    // Kept as long as the outbox keeps its mail (OUTBOX_RETENTION_DAYS, 14), then deleted.
    const rows = () => {
      const check = openDatabase(dataDir);
      try {
        return (check.prepare('SELECT COUNT(*) AS n FROM mail_queue').get() as { n: number }).n;
      } finally {
        check.close();
      }
    };
    await app.jobs.runNow('mail retry');
    expect(rows()).toBe(1);
    advance(14 * 24 * 60 * MINUTE);
    await app.jobs.runNow('mail retry');
    expect(rows()).toBe(0);
  });
});
