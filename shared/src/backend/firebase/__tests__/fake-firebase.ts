// Fakes of the Firebase SDK modules the adapter imports, for jest.mock at the import boundary, kept for what the
// emulator suite (firebase/test/emulator) cannot show: Storage, whose emulator cannot run here, and which SDK
// module each call loads (the lazy chunks a visitor's first load depends on). Every call is recorded; documents
// come from a map; nothing here plays the rules.

export interface FakeCall {
  fn: string;
  args: unknown[];
}

export class FakeFirebaseError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

interface Ref {
  path: string;
}

export class FakeFirebase {
  docs = new Map<string, Record<string, unknown>>();
  calls: FakeCall[] = [];
  callable: Array<{ name: string; data: unknown }> = [];
  contentJson: unknown = null;
  /** The callable functions named here fail with the given error. */
  failingCallables = new Map<string, FakeFirebaseError>();

  reset() {
    this.docs.clear();
    this.calls = [];
    this.callable = [];
    this.contentJson = null;
    this.failingCallables.clear();
  }

  record(fn: string, ...args: unknown[]) {
    this.calls.push({ fn, args });
  }

  callsOf(fn: string) {
    return this.calls.filter((c) => c.fn === fn);
  }

  /** The SDK modules the adapter loaded, by the prefix of their recorded calls. */
  modulesUsed(): string[] {
    return [...new Set(this.calls.map((c) => c.fn.split('.')[0] ?? ''))].sort();
  }

  private snapshotOf(path: string) {
    const data = this.docs.get(path);
    return { id: path.slice(path.lastIndexOf('/') + 1), exists: () => data !== undefined, data: () => data };
  }

  private list(path: string) {
    const docs = [...this.docs.keys()]
      .filter((p) => p.startsWith(`${path}/`) && !p.slice(path.length + 1).includes('/'))
      .map((p) => this.snapshotOf(p));
    return { docs, size: docs.length, empty: docs.length === 0 };
  }

  appModule() {
    return {
      initializeApp: (config: unknown) => {
        this.record('app.initializeApp', config);
        return { app: true };
      },
      deleteApp: async () => this.record('app.deleteApp'),
    };
  }

  firestoreModule(name: 'lite' | 'full') {
    const tag = (fn: string) => `${name}.${fn}`;
    const ref = (_parent: unknown, ...segments: string[]): Ref => ({ path: segments.join('/') });
    return {
      getFirestore: () => {
        this.record(tag('getFirestore'));
        return { firestore: name };
      },
      connectFirestoreEmulator: (_db: unknown, host: string, port: number) =>
        this.record(tag('connectFirestoreEmulator'), host, port),
      collection: ref,
      doc: ref,
      query: (target: Ref, ...constraints: unknown[]) => ({ path: target.path, constraints }),
      where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
      orderBy: (field: string, direction = 'asc') => ({ orderBy: [field, direction] }),
      getDocs: async (target: Ref & { constraints?: unknown[] }) => {
        this.record(tag('getDocs'), target.path, target.constraints ?? []);
        return this.list(target.path);
      },
      getDoc: async (target: Ref) => {
        this.record(tag('getDoc'), target.path);
        return this.snapshotOf(target.path);
      },
      onSnapshot: (target: Ref & { constraints?: unknown[] }, next: (snap: unknown) => void) => {
        this.record(tag('onSnapshot'), target.path, target.constraints ?? []);
        const snap = this.list(target.path);
        queueMicrotask(() => next({ docs: snap.docs.map((d) => ({ ...d, data: () => d.data() })) }));
        return () => this.record(tag('unsubscribe'), target.path);
      },
    };
  }

  authModule() {
    return {
      getAuth: () => {
        this.record('auth.getAuth');
        return { currentUser: null, authStateReady: async () => undefined };
      },
      connectAuthEmulator: (_auth: unknown, url: string) => this.record('auth.connectAuthEmulator', url),
      onAuthStateChanged: (_auth: unknown, next: (user: unknown) => void) => {
        queueMicrotask(() => next(null));
        return () => undefined;
      },
    };
  }

  functionsModule() {
    return {
      getFunctions: (_app: unknown, region: string) => {
        this.record('functions.getFunctions', region);
        return { functions: true };
      },
      connectFunctionsEmulator: (_functions: unknown, host: string, port: number) =>
        this.record('functions.connectFunctionsEmulator', host, port),
      httpsCallable: (_functions: unknown, name: string) => async (data: unknown) => {
        this.record('functions.httpsCallable', name, data);
        this.callable.push({ name, data });
        const failure = this.failingCallables.get(name);
        if (failure) throw failure;
        const key = (data as { idempotencyKey?: string }).idempotencyKey;
        return {
          data: name === 'createBooking' ? { id: key, status: 'New', createdAt: '2030-01-01T00:00:00.000Z' } : {},
        };
      },
    };
  }

  appCheckModule() {
    return {
      initializeAppCheck: (_app: unknown, options: { provider: { siteKey: string } }) =>
        this.record('appCheck.initializeAppCheck', options.provider.siteKey),
      ReCaptchaEnterpriseProvider: class {
        constructor(readonly siteKey: string) {}
      },
    };
  }

  storageModule() {
    return {
      getStorage: () => {
        this.record('storage.getStorage');
        return { storage: true };
      },
      connectStorageEmulator: (_storage: unknown, host: string, port: number) =>
        this.record('storage.connectStorageEmulator', host, port),
      ref: (_storage: unknown, path: string) => ({ fullPath: path }),
      getDownloadURL: async (target: { fullPath: string }) => {
        this.record('storage.getDownloadURL', target.fullPath);
        if (this.contentJson === null) throw new FakeFirebaseError('storage/object-not-found', 'no object');
        return `https://storage.test/v0/b/demo/o/${encodeURIComponent(target.fullPath)}?alt=media&token=tok`;
      },
    };
  }

  /** The fetch the adapter gets: answers the Storage download URL with the content JSON. */
  fetch = async (url: string | URL | Request) => {
    this.record('fetch.get', String(url));
    const body = JSON.stringify(this.contentJson);
    return { ok: true, status: 200, json: async () => JSON.parse(body) as unknown } as Response;
  };
}

export const fake = new FakeFirebase();
