// A new booking's two mails on the Firebase home: written with the request in its Firestore transaction (the mail
// queue), and sent by the function their creation triggers (firebase/functions/src/index.ts: newMail runs a pass of
// the mail job, SCHEDULED_WORK.mailRetry) and by the scheduled mailRetry, never by the instance that answered. The
// Functions emulator runs no Firestore trigger here (the suite's Firestore is the jar, not the CLI's), so the trigger
// is stood in for as Eventarc delivers it: each mail document created runs that same pass, in an instance of its
// own. No timing is asserted: a busy machine may be slow, never lossy.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { SCHEDULED_WORK } from '../../functions/src/studio-app';
import { MAIL_QUEUE } from '../../../server/src/features/messaging/mail-queue.firestore';
import { AUTH_HOST, webConfig } from './firebase-home-app';
import { serverOnFirestore, type ServerOnFirestore } from './http-harness';
import { firestoreOf, freshFirestore, type TestFirestore } from './storage-support';
import { ugc } from '../../../server/test/bookings-support';

jest.setTimeout(300_000);

const ROOT = path.join(__dirname, '..', '..', '..');

const BOOKING = ugc();

/** The app as a function instance of the Firebase home builds it: no mail sent by the instance that answers. */
const firebaseHome = (projectId: string) => ({
  home: 'firebase' as const,
  firebase: { projectId, webConfig, authEmulatorHost: AUTH_HOST },
  seedDemo: true,
  publicWriteLimitPerMinute: 1000,
});

const book = (baseUrl: string, key: string) =>
  fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, origin: baseUrl },
    body: JSON.stringify(BOOKING),
  });

/**
 * A booking as the form sends it: a 5xx is sent again under the same key, as the visitor does when she sends the form
 * again (one key serves every attempt at one request), which stores it at most once. A busy machine may refuse a
 * request; it may not lose the mails of one it stored.
 */
async function bookAsTheFormDoes(baseUrl: string, key: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await book(baseUrl, key);
    if (res.status < 500 || attempt === 5) return res;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * The newMail trigger, stood in for: every mail document created runs the pass the function runs, on `worker` (the
 * instance that takes the event). Answers a stop and the passes' count so far.
 */
function triggerOn(db: TestFirestore, worker: ServerOnFirestore) {
  const passes: Array<Promise<unknown>> = [];
  const stop = db.db.collection(MAIL_QUEUE).onSnapshot((snap) => {
    for (const change of snap.docChanges())
      if (change.type === 'added') passes.push(SCHEDULED_WORK.mailRetry(worker.app).catch((e: unknown) => e));
  });
  return {
    passes,
    async stop() {
      stop();
      await Promise.all(passes);
    },
  };
}

/** Polls until `done` holds (rejects after `ms`, a bound on a stuck run, not a timing assertion). */
async function until(done: () => Promise<boolean>, what: string, ms = 240_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const mailsOf = async (server: ServerOnFirestore) =>
  (await server.storage.outbox.list(500)).filter((m) => m.channel === 'mail');

/** Every kept mail's recipient and reference, for each booking id given: both mails, once each. */
function expectTwoMailsEach(mails: Array<{ recipient: string; subject: string; body: string }>, ids: string[]) {
  for (const id of ids) {
    const about = mails.filter((m) => m.body.includes(bookingReference(id)));
    expect(about.map((m) => m.recipient).sort()).toEqual(['admin@studio.test', 'hello@brand.example']);
  }
  expect(mails).toHaveLength(2 * ids.length);
}

const instances: ServerOnFirestore[] = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((i) => i.close()));
});

/** What the instances logged at warn and above: said when a test fails, so a refused booking says why. */
const logged: string[] = [];
const logStream = {
  write: (line: string) => {
    if ((JSON.parse(line) as { level: number }).level >= 40) logged.push(line);
  },
};

async function instance(firestore: TestFirestore, projectId: string) {
  const server = await serverOnFirestore(firestore, { ...firebaseHome(projectId), logLevel: 'warn', logStream });
  instances.push(server);
  return server;
}

it('20 bookings in 10 s on a busy machine: 40 mails in the outbox, none lost, none twice', async () => {
  // Two workers spinning on the CPU for the whole test, stopped by their process group's id.
  const stress = spawn('stress', ['--cpu', '2'], { detached: true, stdio: 'ignore' });
  try {
    const first = freshFirestore('booking-mail');
    const answering = await instance(first, first.projectId);
    const worker = await instance(firestoreOf(first.projectId, 'worker'), first.projectId);
    const trigger = triggerOn(firestoreOf(first.projectId, 'events'), worker);
    try {
      const answers: Array<Promise<Response>> = [];
      for (let i = 0; i < 20; i++) {
        answers.push(bookAsTheFormDoes(answering.baseUrl, `busy-${i}`));
        await new Promise((r) => setTimeout(r, 500));
      }
      const created = await Promise.all(answers);
      if (created.some((r) => r.status !== 201))
        throw new Error(`a booking was refused: ${created.map((r) => r.status).join(' ')}\n${logged.join('')}`);
      const ids = await Promise.all(created.map(async (r) => ((await r.json()) as { id: string }).id));
      await until(async () => (await mailsOf(answering)).length >= 40, '40 mails in the outbox');
      await trigger.stop();
      // The scheduled job after them finds nothing left, and sends nothing twice.
      expect(await SCHEDULED_WORK.mailRetry(worker.app)).toEqual({ sent: 0 });
      expectTwoMailsEach(await mailsOf(answering), ids);
      expect((await first.db.collection(MAIL_QUEUE).get()).size).toBe(0);
    } finally {
      await trigger.stop();
    }
  } finally {
    try {
      if (stress.pid) process.kill(-stress.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});

it('a booking whose function instance is killed right after its 201 still gets both mails, from the trigger', async () => {
  const first = freshFirestore('killed');
  const { projectId } = first;
  await first.close();
  const env = process.env;
  const publicOrigin = 'http://studio.test';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'function-instance.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: env.PATH,
        FIRESTORE_EMULATOR_HOST: env.FIRESTORE_EMULATOR_HOST,
        FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST,
        STORAGE_EMULATOR_HOST: env.STUDIO_STORAGE_URL,
        GCLOUD_PROJECT: projectId,
        FIREBASE_CONFIG: JSON.stringify({ projectId, storageBucket: env.STUDIO_STORAGE_BUCKET }),
        FIREBASE_WEB_CONFIG: JSON.stringify(webConfig),
        METADATA_SERVER_DETECTION: 'none',
        ADMIN_EMAIL: 'admin@studio.test',
        PUBLIC_ORIGIN: publicOrigin,
        ADMIN_ORIGIN: 'http://admin.studio.test',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let answered: Response | undefined;
  try {
    await until(async () => /listening \d+/.test(out) || child.exitCode !== null, 'the function instance listening');
    const port = /listening (\d+)/.exec(out)?.[1];
    if (!port) throw new Error(`the function instance did not start:\n${err}`);
    answered = await book(`http://127.0.0.1:${port}`, 'killed-after-201');
  } finally {
    // At once, as Cloud Run stops an instance: nothing of it runs after its answer.
    child.kill('SIGKILL');
    await exited;
  }
  expect(answered?.status).toBe(201);
  const { id } = (await answered!.json()) as { id: string };
  // The mails were committed with the booking, and the killed instance sent none of them.
  const reader = await instance(firestoreOf(projectId, 'reader'), projectId);
  expect(await mailsOf(reader)).toEqual([]);
  expect((await reader.storage.bookings.get(id))?.name).toBe('Brand Co');
  // The trigger's pass on another instance sends both; the scheduled job after it finds nothing left.
  const worker = await instance(firestoreOf(projectId, 'worker'), projectId);
  expect(await SCHEDULED_WORK.mailRetry(worker.app)).toEqual({ sent: 2 });
  expect(await SCHEDULED_WORK.mailRetry(worker.app)).toEqual({ sent: 0 });
  expectTwoMailsEach(await mailsOf(reader), [id]);
});
