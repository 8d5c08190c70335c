// Fakes of the Firebase SDK modules the adapter imports, for jest.mock at the import boundary. They keep documents in
// a map, record every call (so tests can assert collection names, query shapes and written fields), play the part of
// firestore.rules that the contract touches (admin-only collections, create-only bookings) and throw errors shaped
// like the SDK's ({ code: 'permission-denied' }).

export interface FakeTimestamp {
  toDate(): Date;
}

interface Stored {
  data: Record<string, unknown>;
}

export interface FakeCall {
  fn: string;
  args: unknown[];
}

interface DocRef {
  kind: 'doc';
  path: string;
  id: string;
  parent: string;
}
interface CollectionRef {
  kind: 'collection';
  path: string;
}
interface Constraint {
  type: 'where' | 'orderBy';
  field: string;
  op?: string;
  value?: unknown;
  direction?: string;
}
interface Query {
  kind: 'query';
  path: string;
  constraints: Constraint[];
}

const SERVER_TIMESTAMP = Symbol('serverTimestamp');

export class FakeFirebaseError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Collections only the admin may read or write (firestore.rules). */
const ADMIN_ONLY = new Set(['bookingRequests', 'availabilityNotes', 'settings']);
const ADMIN_WRITES = new Set([
  'services',
  'portfolioMeta',
  'projects',
  'galleries',
  'availabilityPeriods',
  'unavailableDays',
  'timeSlots',
  'availabilityNotes',
  'settings',
  'bookingRequests',
]);

type Listener = { target: CollectionRef | Query; next: (snap: unknown) => void };

export class FakeFirebase {
  docs = new Map<string, Stored>();
  calls: FakeCall[] = [];
  adminEmails = new Set<string>();
  currentUser: { email: string } | null = null;
  sentLinks: Array<{ email: string; link: string; settings: unknown }> = [];
  callable: Array<{ name: string; data: unknown }> = [];
  contentJson: unknown = null;
  /** Set to make the next Firestore call fail with this SDK error code. */
  failNext: string | undefined;
  /** The next setDoc lands but its answer is lost (the SDK reports 'unavailable'), as on a dropped connection. */
  loseNextWriteAnswer = false;
  /** Callable functions fail with this code when set. */
  callableFails: string | undefined;
  clock = 1_700_000_000_000;
  private listeners = new Set<Listener>();
  private authListeners = new Set<(user: unknown) => void>();
  private autoId = 0;

  reset() {
    this.docs.clear();
    this.calls = [];
    this.adminEmails.clear();
    this.currentUser = null;
    this.sentLinks = [];
    this.callable = [];
    this.contentJson = null;
    this.failNext = undefined;
    this.loseNextWriteAnswer = false;
    this.callableFails = undefined;
    this.listeners.clear();
    this.authListeners.clear();
    this.autoId = 0;
  }

  put(path: string, data: Record<string, unknown>) {
    this.docs.set(path, { data: JSON.parse(JSON.stringify(data)) as Record<string, unknown> });
  }

  record(fn: string, ...args: unknown[]) {
    this.calls.push({ fn, args });
  }

  callsOf(fn: string) {
    return this.calls.filter((c) => c.fn === fn);
  }

  private get isAdmin() {
    return this.currentUser !== null && this.adminEmails.has(this.currentUser.email);
  }

  private maybeFail() {
    const code = this.failNext;
    if (code) {
      this.failNext = undefined;
      throw new FakeFirebaseError(code, `fake ${code}`);
    }
  }

  private checkRead(collectionName: string) {
    this.maybeFail();
    if (ADMIN_ONLY.has(collectionName) && !this.isAdmin) {
      throw new FakeFirebaseError('permission-denied', 'Missing or insufficient permissions.');
    }
  }

  private checkWrite(collectionName: string, kind: 'create' | 'update' | 'delete') {
    this.maybeFail();
    if (collectionName === 'bookingRequests' && kind === 'create') return;
    if (ADMIN_WRITES.has(collectionName) && !this.isAdmin) {
      throw new FakeFirebaseError('permission-denied', 'Missing or insufficient permissions.');
    }
  }

  private resolve(data: Record<string, unknown>): Record<string, unknown> {
    const at = new Date(this.clock++);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data)) {
      out[k] = v === SERVER_TIMESTAMP ? ({ toDate: () => at } satisfies FakeTimestamp) : v;
    }
    return out;
  }

  private snapshotOf(path: string) {
    const stored = this.docs.get(path);
    const id = path.slice(path.lastIndexOf('/') + 1);
    return {
      id,
      exists: () => stored !== undefined,
      data: () => (stored ? { ...stored.data } : undefined),
    };
  }

  private run(target: CollectionRef | Query) {
    const prefix = `${target.path}/`;
    let rows = [...this.docs.keys()]
      .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
      .map((p) => this.snapshotOf(p));
    const constraints = target.kind === 'query' ? target.constraints : [];
    for (const c of constraints) {
      if (c.type === 'where' && c.op === '==') rows = rows.filter((r) => r.data()?.[c.field] === c.value);
      if (c.type === 'orderBy') {
        const key = (r: (typeof rows)[number]) => {
          const v = r.data()?.[c.field] as FakeTimestamp | string | undefined;
          return typeof v === 'object' && v ? v.toDate().getTime() : String(v ?? '');
        };
        rows.sort((a, b) => {
          const x = key(a);
          const y = key(b);
          const order = x < y ? -1 : x > y ? 1 : 0;
          return c.direction === 'desc' ? -order : order;
        });
      }
    }
    return { docs: rows, size: rows.length, empty: rows.length === 0 };
  }

  private changed(collectionName: string) {
    for (const l of [...this.listeners]) {
      if (l.target.path === collectionName) {
        const snap = this.run(l.target);
        queueMicrotask(() => l.next(snap));
      }
    }
  }

  private write(ref: DocRef, data: Record<string, unknown>, kind: 'set' | 'update') {
    const exists = this.docs.has(ref.path);
    this.checkWrite(ref.parent, kind === 'update' || exists ? 'update' : 'create');
    if (kind === 'update') {
      const stored = this.docs.get(ref.path);
      if (!stored) throw new FakeFirebaseError('not-found', 'No document to update');
      stored.data = { ...stored.data, ...this.resolve(data) };
    } else {
      this.docs.set(ref.path, { data: this.resolve(data) });
    }
  }

  // ---- shared by firestore/lite and firestore --------------------------------------------------------------

  firestoreModule(name: 'lite' | 'full') {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the SDK functions below are plain functions, not methods
    const fake = this;
    const tag = (fn: string) => (name === 'lite' ? fn : `full.${fn}`);
    const collection = (_db: unknown, path: string): CollectionRef => {
      fake.record(tag('collection'), path);
      return { kind: 'collection', path };
    };
    const doc = (parent: unknown, path?: string, id?: string): DocRef => {
      if ((parent as CollectionRef).kind === 'collection') {
        const col = (parent as CollectionRef).path;
        const newId = `auto-${++fake.autoId}`;
        return { kind: 'doc', path: `${col}/${newId}`, id: newId, parent: col };
      }
      fake.record(tag('doc'), path, id);
      return { kind: 'doc', path: `${path}/${id}`, id: id ?? '', parent: path ?? '' };
    };
    return {
      getFirestore: (...args: unknown[]) => {
        fake.record(tag('getFirestore'), ...args);
        return { type: name };
      },
      collection,
      doc,
      query: (target: CollectionRef, ...constraints: Constraint[]): Query => {
        fake.record(tag('query'), target.path, constraints);
        return { kind: 'query', path: target.path, constraints };
      },
      where: (field: string, op: string, value: unknown): Constraint => ({ type: 'where', field, op, value }),
      orderBy: (field: string, direction = 'asc'): Constraint => ({ type: 'orderBy', field, direction }),
      serverTimestamp: () => SERVER_TIMESTAMP,
      getDocs: async (target: CollectionRef | Query) => {
        fake.record(tag('getDocs'), target.path, target.kind === 'query' ? target.constraints : []);
        fake.checkRead(target.path);
        return fake.run(target);
      },
      getDoc: async (ref: DocRef) => {
        fake.record(tag('getDoc'), ref.path);
        fake.checkRead(ref.parent);
        return fake.snapshotOf(ref.path);
      },
      setDoc: async (ref: DocRef, data: Record<string, unknown>) => {
        fake.record(tag('setDoc'), ref.path, data);
        fake.write(ref, data, 'set');
        fake.changed(ref.parent);
        if (fake.loseNextWriteAnswer) {
          fake.loseNextWriteAnswer = false;
          throw new FakeFirebaseError('unavailable', 'The connection dropped before the answer arrived.');
        }
      },
      updateDoc: async (ref: DocRef, data: Record<string, unknown>) => {
        fake.record(tag('updateDoc'), ref.path, data);
        fake.write(ref, data, 'update');
        fake.changed(ref.parent);
      },
      writeBatch: () => {
        const ops: Array<() => void> = [];
        const touched = new Set<string>();
        const batch = {
          set: (ref: DocRef, data: Record<string, unknown>) => {
            fake.record(tag('batch.set'), ref.path, data);
            ops.push(() => fake.write(ref, data, 'set'));
            touched.add(ref.parent);
            return batch;
          },
          delete: (ref: DocRef) => {
            fake.record(tag('batch.delete'), ref.path);
            ops.push(() => {
              fake.checkWrite(ref.parent, 'delete');
              fake.docs.delete(ref.path);
            });
            touched.add(ref.parent);
            return batch;
          },
          commit: async () => {
            fake.record(tag('batch.commit'));
            // All or nothing, as a batched write: a refused operation leaves the store untouched.
            const before = new Map([...fake.docs].map(([k, v]) => [k, { data: { ...v.data } }]));
            try {
              ops.forEach((op) => op());
            } catch (error) {
              fake.docs = before;
              throw error;
            }
            touched.forEach((c) => fake.changed(c));
          },
        };
        return batch;
      },
      onSnapshot: (target: CollectionRef | Query, next: (snap: unknown) => void, error: (e: unknown) => void) => {
        fake.record(tag('onSnapshot'), target.path, target.kind === 'query' ? target.constraints : []);
        const wrap = (snap: ReturnType<FakeFirebase['run']>) => ({
          ...snap,
          docs: snap.docs.map((d) => ({ ...d, data: (_options?: unknown) => d.data() })),
        });
        const listener: Listener = { target, next: (snap) => next(wrap(snap as ReturnType<FakeFirebase['run']>)) };
        try {
          fake.checkRead(target.path);
        } catch (e) {
          queueMicrotask(() => error(e));
          return () => undefined;
        }
        fake.listeners.add(listener);
        const first = fake.run(target);
        queueMicrotask(() => listener.next(first));
        return () => {
          fake.listeners.delete(listener);
        };
      },
    };
  }

  appModule() {
    return {
      initializeApp: (config: unknown) => {
        this.record('initializeApp', config);
        return { name: '[DEFAULT]', options: config };
      },
    };
  }

  authModule() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the SDK functions below are plain functions, not methods
    const fake = this;
    const notify = () => fake.authListeners.forEach((l) => l(fake.currentUser));
    const auth = {
      get currentUser() {
        return fake.currentUser;
      },
      authStateReady: async () => undefined,
    };
    return {
      getAuth: () => {
        fake.record('getAuth');
        return auth;
      },
      onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
        fake.record('onAuthStateChanged');
        fake.authListeners.add(listener);
        queueMicrotask(() => listener(fake.currentUser));
        return () => fake.authListeners.delete(listener);
      },
      sendSignInLinkToEmail: async (_auth: unknown, email: string, settings: unknown) => {
        fake.record('sendSignInLinkToEmail', email, settings);
        fake.maybeFail();
        const link = `https://studio.test/finishSignIn?apiKey=k&oobCode=code-${fake.sentLinks.length + 1}&mode=signIn`;
        fake.sentLinks.push({ email, link, settings });
      },
      isSignInWithEmailLink: (_auth: unknown, link: string) =>
        /[?&]mode=signIn/.test(link) && /[?&]oobCode=/.test(link),
      signInWithEmailLink: async (_auth: unknown, email: string, link: string) => {
        fake.record('signInWithEmailLink', email, link);
        const sent = fake.sentLinks.find((s) => s.link === link);
        if (!sent || sent.email !== email) throw new FakeFirebaseError('auth/invalid-action-code', 'bad link');
        fake.sentLinks = fake.sentLinks.filter((s) => s !== sent);
        fake.currentUser = { email };
        notify();
        return { user: fake.currentUser };
      },
      getIdTokenResult: async (user: { email: string }) => ({
        claims: fake.adminEmails.has(user.email) ? { admin: true, email: user.email } : { email: user.email },
      }),
      signOut: async () => {
        fake.record('signOut');
        fake.currentUser = null;
        notify();
      },
    };
  }

  functionsModule() {
    return {
      getFunctions: (...args: unknown[]) => {
        this.record('getFunctions', ...args.slice(1));
        return { functions: true };
      },
      httpsCallable: (_functions: unknown, name: string) => async (data: unknown) => {
        this.record('httpsCallable', name, data);
        this.callable.push({ name, data });
        if (this.callableFails) throw new FakeFirebaseError(`functions/${this.callableFails}`, 'callable failed');
        return { data: { sent: true } };
      },
    };
  }

  storageModule() {
    return {
      getStorage: () => ({ storage: true }),
      ref: (_storage: unknown, path: string) => {
        this.record('storage.ref', path);
        return { fullPath: path };
      },
      getDownloadURL: async (ref: { fullPath: string }) => {
        this.record('getDownloadURL', ref.fullPath);
        if (this.contentJson === null) throw new FakeFirebaseError('storage/object-not-found', 'no object');
        return `https://storage.test/v0/b/demo/o/${encodeURIComponent(ref.fullPath)}?alt=media&token=tok`;
      },
    };
  }

  /** The fetch the adapter gets: answers the Storage download URL with the content JSON. */
  fetch = async (url: string | URL | Request) => {
    this.record('fetch', String(url));
    const body = JSON.stringify(this.contentJson);
    return { ok: true, status: 200, json: async () => JSON.parse(body) as unknown } as Response;
  };
}

export const fake = new FakeFirebase();
