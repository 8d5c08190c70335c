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
