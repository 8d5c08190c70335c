// firestore.rules and storage.rules deny every client: on the Firestore emulator, a visitor and a signed-in user with
// every mark of the admin (the custom claim `admin: true`, a verified e-mail) are both refused every read and write
// of every collection the server keeps, with the browser SDK a page would use. The server reaches its data with the
// Admin SDK, which rules do not bind. storage.rules can only be compiled here (the Storage emulator needs a download
// this machine cannot make), so it is checked by the same rules compiler.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  setDoc,
  setLogLevel,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite';

const ROOT = path.join(__dirname, '..', '..', '..');
const EMULATOR_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '';
const EMULATOR = `http://${EMULATOR_HOST}`;
// A project of this file's own: nothing another file writes can change a verdict here, and nothing is cleared.
const PROJECT = `demo-rules-${process.pid}`;

// A refusal is the expected answer here, not something to log.
setLogLevel('silent');

/**
 * The collections the server keeps: one per table of the embedded home's schema (server/src/platform/sqlite/migrations, so a new
 * table is covered as soon as it exists), in the names either spelling would give it, and the data groups of the
 * storage port. The rules match every path, so a name not listed here is refused as well (the last cases show it).
 */
function serverCollections(): string[] {
  const dir = path.join(ROOT, 'server', 'src', 'platform', 'sqlite', 'migrations');
  const tables = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi)])
    .map((m) => m[1] as string)
    .filter((t) => !t.endsWith('_new'));
  const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  const groups = [
    'bookings',
    'availability',
    'content',
    'contracts',
    'sessions',
    'passkeys',
    'outbox',
    'limits',
    'counters',
    'deploys',
    'settings',
    'quotes',
    'media',
    'config',
    // The Firebase home's storage's own: the change feed between instances and the health check's write.
    'changes',
    'healthProbe',
  ];
  return [...new Set([...tables, ...tables.map(camel), ...groups])].sort();
}

type Who = 'visitor' | 'admin';

// What the emulator reads from an unsigned token, as it would from a real ID token: the admin's every mark.
const ADMIN_TOKEN = {
  sub: 'admin-uid',
  user_id: 'admin-uid',
  email: 'admin@studio.test',
  email_verified: true,
  admin: true,
};

const apps: FirebaseApp[] = [];
const dbs = new Map<Who | 'owner', Firestore>();

function db(who: Who | 'owner'): Firestore {
  let found = dbs.get(who);
  if (!found) {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo' }, `${PROJECT}-${who}`);
    apps.push(app);
    found = getFirestore(app);
    const [host = '', port = ''] = EMULATOR_HOST.split(':');
    // 'owner' is the emulator's token for a caller the rules do not apply to (as the Admin SDK is not).
    const mockUserToken = who === 'owner' ? 'owner' : who === 'admin' ? ADMIN_TOKEN : undefined;
    connectFirestoreEmulator(found, host, Number(port), mockUserToken ? { mockUserToken } : {});
    dbs.set(who, found);
  }
  return found;
}

/** Loads a ruleset into a project, as `firebase deploy` would; answers the emulator's status and message. */
async function loadRules(projectId: string, rules: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  return { status: response.status, body: await response.text() };
}

/** allow, or deny (permission-denied); any other failure is thrown, so an emulator error never passes as a deny. */
async function verdict(run: () => Promise<unknown>): Promise<'allow' | 'deny'> {
  try {
    await run();
    return 'allow';
  } catch (error) {
    if ((error as { code?: unknown }).code === 'permission-denied') return 'deny';
    throw error;
  }
}

/** Every kind of request a client can make on one collection, against a document that exists. */
function requests(who: Who, name: string): Record<string, () => Promise<unknown>> {
  const d = db(who);
  const existing = doc(d, name, 'seeded');
  return {
    get: () => getDoc(existing),
    list: () => getDocs(collection(d, name)),
    'collection group query': () => getDocs(collectionGroup(d, name)),
    create: () => setDoc(doc(d, name, `new-${who}`), { x: 1 }),
    'set over': () => setDoc(existing, { x: 2 }),
    update: () => updateDoc(existing, { x: 3 }),
    delete: () => deleteDoc(existing),
  };
}

const collections = serverCollections();

beforeAll(async () => {
  const loaded = await loadRules(PROJECT, readFileSync(path.join(__dirname, '..', '..', 'firestore.rules'), 'utf8'));
  if (loaded.status !== 200) throw new Error(`firestore.rules did not load (${loaded.status}): ${loaded.body}`);
  // Every collection holds a document, written past the rules: a read refused is refused, not merely empty.
  const owner = db('owner');
  await Promise.all(collections.map((name) => setDoc(doc(owner, name, 'seeded'), { x: 0 })));
  await setDoc(doc(owner, 'bookings', 'seeded', 'events', 'e1'), { x: 0 });
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, { method: 'DELETE' });
});

describe('the rules files compile', () => {
  it('firestore.rules loads into the emulator', async () => {
    const rules = readFileSync(path.join(__dirname, '..', '..', 'firestore.rules'), 'utf8');
    expect(await loadRules(`${PROJECT}-compile`, rules)).toMatchObject({ status: 200 });
  });

  it('storage.rules passes the rules compiler (syntax only), which does refuse a broken copy', async () => {
    const storage = readFileSync(path.join(__dirname, '..', '..', 'storage.rules'), 'utf8');
    expect(await loadRules(`${PROJECT}-storage`, storage)).toMatchObject({ status: 200 });
    const broken = await loadRules(`${PROJECT}-storage`, storage.replace('if false;', 'if ;'));
    expect(broken.status).toBe(400);
    expect(broken.body).toMatch(/Error compiling rules/);
  });

  it('storage.rules denies every path: one match of all paths, whose only rule is if false', () => {
    const storage = readFileSync(path.join(__dirname, '..', '..', 'storage.rules'), 'utf8');
    const rules = [...storage.matchAll(/allow ([^:]+):([^;]*);/g)].map((m) => [m[1]?.trim(), m[2]?.trim()]);
    expect(rules).toEqual([['read, write', 'if false']]);
    expect(storage).toContain('match /{allPaths=**}');
  });
});

describe('firestore.rules deny every client', () => {
  it('covers the tables of the schema (the list is read, not empty)', () => {
    expect(collections).toEqual(expect.arrayContaining(['booking_requests', 'bookingRequests', 'sessions', 'outbox']));
  });

  for (const who of ['visitor', 'admin'] as const) {
    const label = who === 'visitor' ? 'a visitor' : 'a signed-in admin (claim admin: true, e-mail verified)';
    it.each(collections)(`${label}: every read and write of %s is refused`, async (name) => {
      const answers = await Promise.all(
        Object.entries(requests(who, name)).map(async ([kind, run]) => [kind, await verdict(run)] as const),
      );
      expect(Object.fromEntries(answers)).toEqual(
        Object.fromEntries(Object.keys(requests(who, name)).map((kind) => [kind, 'deny'])),
      );
    });

    it(`${label}: a subcollection and a collection no one planned are refused too`, async () => {
      const d = db(who);
      const nested = doc(d, 'bookings', 'seeded', 'events', 'e1');
      expect(await verdict(() => getDoc(nested))).toBe('deny');
      expect(await verdict(() => setDoc(nested, { x: 1 }))).toBe('deny');
      expect(await verdict(() => getDocs(collection(d, 'somethingNew')))).toBe('deny');
      expect(await verdict(() => setDoc(doc(d, 'somethingNew', 'a'), { x: 1 }))).toBe('deny');
    });
  }

  it('the seeded documents are there (a refused read is a refusal, not an empty answer)', async () => {
    const snapshot = await getDoc(doc(db('owner'), 'booking_requests', 'seeded'));
    expect(snapshot.data()).toEqual({ x: 0 });
  });
});
