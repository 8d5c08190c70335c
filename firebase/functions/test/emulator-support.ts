// What the functions' emulator tests share: firebase-admin on the Firestore emulator (firebase/scripts/
// test-emulators.mjs sets FIRESTORE_EMULATOR_HOST and the project), and the deployed callables served over HTTP.
//
// The callables run in a process of their own (callable-server.ts) as the Functions emulator runs them: the same
// environment, the callable protocol, the firebase-functions onCall wrappers of src/index.ts around the core.
// firebase-tools' Functions emulator would add its runtime and a worker per function (a few hundred MB on CI's two
// cores) for no other code path of ours, so it is not started.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { ContractSeed } from '@studio/shared/backend/contract';

export const PROJECT = process.env.STUDIO_EMULATOR_PROJECT ?? 'demo-studio';
const FIRESTORE = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? ''}`;

let app: App | undefined;

/** firebase-admin's Firestore on the emulator (the rules do not apply to it, as in production). */
export function adminDb(): Firestore {
  app ??= initializeApp({ projectId: PROJECT }, `tests-${PROJECT}`);
  return getFirestore(app);
}

export async function closeAdmin(): Promise<void> {
  if (app) await deleteApp(app);
  app = undefined;
}

/** How long clearFirestore keeps retrying a 409 before it fails the test. */
const CLEAR_PATIENCE_MS = 30_000;

/**
 * Deletes every document of the project on the emulator. The emulator answers 409 while a transaction still holds a
 * lock on a document (a transaction the previous test left behind waits for the emulator's lock timeout, longer on
 * a loaded machine), so a 409 is retried with a growing pause until CLEAR_PATIENCE_MS has passed; any other failure
 * fails at once.
 */
export async function clearFirestore(projectId = PROJECT): Promise<void> {
  const url = `${FIRESTORE}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const giveUpAt = Date.now() + CLEAR_PATIENCE_MS;
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    const response = await fetch(url, { method: 'DELETE' });
    if (response.ok) return;
    const body = await response.text();
    if (response.status !== 409 || Date.now() + pause > giveUpAt)
      throw new Error(`clearing the emulator failed: ${response.status} ${body}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * Writes the contract seed as the Firebase deployment stores it (firebase/README.md): services by id, content
 * documents, and each availability entry as a public document plus its note in availabilityNotes.
 */
export async function seedFirestore(db: Firestore, seed: ContractSeed): Promise<void> {
  const at = Timestamp.fromDate(new Date('2025-01-01T00:00:00Z'));
  const batch = db.batch();
  for (const { id, ...service } of seed.services) batch.set(db.doc(`services/${id}`), service);
  batch.set(db.doc('portfolioMeta/main'), seed.portfolioMeta);
  const { id: projectId, ...project } = seed.project;
  batch.set(db.doc(`projects/${projectId}`), project);
  batch.set(db.doc(`galleries/${projectId}`), seed.gallery);
  seed.availability.periods.forEach(({ notes, ...p }, i) => {
    batch.set(db.doc(`availabilityPeriods/p${i}`), { ...p, createdAt: at, updatedAt: at });
    batch.set(db.doc(`availabilityNotes/availabilityPeriods_p${i}`), { text: notes });
  });
  seed.availability.unavailable.forEach(({ reason, ...u }, i) => {
    batch.set(db.doc(`unavailableDays/u${i}`), { ...u, createdAt: at });
    batch.set(db.doc(`availabilityNotes/unavailableDays_u${i}`), { text: reason });
  });
  seed.availability.slots.forEach(({ notes, ...s }, i) => {
    batch.set(db.doc(`timeSlots/s${i}`), { ...s, createdAt: at });
    batch.set(db.doc(`availabilityNotes/timeSlots_s${i}`), { text: notes });
  });
  await batch.commit();
}

export interface CallableServer {
  host: string;
  port: number;
  /** The URL a client calls: /<project>/<region>/<name>. */
  url(name: string, region?: string): string;
  close(): Promise<void>;
}

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * Starts callable-server.ts in a process of its own with `env` added (its parameters, e.g. APP_CHECK_ENFORCED, as
 * `firebase deploy` would set them), and answers once it listens. close() stops it by its process id.
 */
export async function startCallableServer(env: Record<string, string> = {}): Promise<CallableServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'callable-server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      FUNCTIONS_EMULATOR: 'true',
      FIREBASE_DEBUG_MODE: 'true',
      FIREBASE_DEBUG_FEATURES: JSON.stringify({ skipTokenVerification: true, enableCors: true }),
      GCLOUD_PROJECT: PROJECT,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the callable server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the callable server exited (${code}):\n${output}`));
    });
  });
  return {
    host: '127.0.0.1',
    port,
    url: (name, region = 'us-central1') => `http://127.0.0.1:${port}/${PROJECT}/${region}/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
