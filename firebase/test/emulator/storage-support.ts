// A Firestore of its own for each caller, on the emulator the suite started (FIRESTORE_EMULATOR_HOST): every call
// gets a project id nobody else uses, so no test sees another's data and nothing is ever cleared. Clearing a shared
// project is what failed under load (the emulator answered 409 after a transaction lock timeout).
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

let made = 0;

export interface TestFirestore {
  db: Firestore;
  projectId: string;
  close(): Promise<void>;
}

export function freshFirestore(label = 'storage'): TestFirestore {
  if (!process.env.FIRESTORE_EMULATOR_HOST)
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: run npm run test:firebase');
  // A demo- project id is never looked up online.
  const projectId = `demo-${label}-${process.pid}-${(made++).toString(36)}`;
  const app = initializeApp({ projectId }, projectId);
  const db = getFirestore(app);
  return { db, projectId, close: () => deleteApp(app) };
}

/**
 * Another client of the Firestore `projectId` (what a second function instance of the same project has): an app of
 * its own, so closing one instance's storage (which terminates its client) leaves the other's working.
 */
export function firestoreOf(projectId: string, label: string): TestFirestore {
  const name = `${projectId}-${label}-${(made++).toString(36)}`;
  const app = initializeApp({ projectId }, name);
  return { db: getFirestore(app), projectId, close: () => deleteApp(app) };
}
