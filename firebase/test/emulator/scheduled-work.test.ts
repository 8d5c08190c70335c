// The Firebase home's scheduled functions (firebase/functions/src/index.ts) each run their entry of SCHEDULED_WORK
// (firebase/functions/src/studio-app.ts): one pass of a job of the server's runner, by the job's name. The Functions
// emulator skips scheduled functions (they need Pub/Sub), so their work is run here as they run it, on the app built
// on Firestore: every entry names a job this home's app has, answers what the function logs, and is counted by the
// runner as a timed pass is; a pass that fails fails the function, and is kept for /api/health like a timed one.
import { SCHEDULED_WORK } from '../../functions/src/studio-app';
import { serverOnFirestore, type ServerOnFirestore } from './http-harness';
import { freshFirestore } from './storage-support';

let server: ServerOnFirestore | undefined;
const app = () => {
  if (!server) throw new Error('the server did not start');
  return server.app;
};

beforeAll(async () => {
  // Backups of this home are Firestore's own exports (studio-app.ts): no daily backup job, as on the function.
  server = await serverOnFirestore(freshFirestore('scheduled'), { backupKeep: 0 });
});
afterAll(() => server?.close());

test('each scheduled function runs one pass of its job, awaited, and answers what its log line says', async () => {
  expect(await SCHEDULED_WORK.reminders(app())).toEqual({ reminded: 0 });
  expect(await SCHEDULED_WORK.heldStatusMail(app())).toBeUndefined();
  expect(await SCHEDULED_WORK.clientActionDigest(app())).toEqual({ carried: 0 });
  expect(await SCHEDULED_WORK.outboxHygiene(app())).toBeUndefined();
  expect(await SCHEDULED_WORK.mailRetry(app())).toEqual({ sent: 0 });
  const ran = app()
    .jobs.status()
    .filter((job) => job.lastRunAt !== null && job.failures === 0)
    .map((job) => job.name);
  expect(ran).toEqual(
    expect.arrayContaining(['reminders', 'held status mail', 'client action digest', 'outbox sweep', 'mail retry']),
  );
});

test('a pass that fails fails its scheduled function and is kept as failing until one succeeds', async () => {
  const { outbox } = app().storage;
  const purge = outbox.purgeBefore.bind(outbox);
  outbox.purgeBefore = () => Promise.reject(new Error('4 DEADLINE_EXCEEDED'));
  try {
    await expect(SCHEDULED_WORK.outboxHygiene(app())).rejects.toThrow('DEADLINE_EXCEEDED');
  } finally {
    outbox.purgeBefore = purge;
  }
  const sweep = () =>
    app()
      .jobs.status()
      .find((job) => job.name === 'outbox sweep');
  expect(sweep()).toMatchObject({ failures: 1, lastError: '4 DEADLINE_EXCEEDED' });
  await SCHEDULED_WORK.outboxHygiene(app());
  expect(sweep()).toMatchObject({ failures: 0, lastError: null });
});
