// The Firebase app and the SDK instances every part of the adapter shares, created on first use and connected to
// the emulators when the options name them. Only firebase/app and firestore/lite are imported statically (what a
// visitor's first page needs); the full Firestore SDK, Functions, Storage and App Check are dynamic imports, each
// a lazy chunk.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import type { FirebaseBackendOptions, KeyValueStore } from './options';

export type FullFirestore = typeof import('firebase/firestore');

export interface FirebaseContext {
  options: FirebaseBackendOptions;
  now: () => Date;
  store: KeyValueStore | undefined;
  app(): FirebaseApp;
  /** Deletes the app with its connections and listeners, if it was created. */
  close(): Promise<void>;
  /** firestore/lite: one-off reads and writes. */
  db(): Firestore;
  /** The full SDK (live queries) and its instance. */
  fullFirestore(): Promise<{ fs: FullFirestore; db: import('firebase/firestore').Firestore }>;
  /** Storage (the portfolio content JSON). */
  storage(): Promise<{ mod: typeof import('firebase/storage'); storage: import('firebase/storage').FirebaseStorage }>;
  /** A callable function of the configured region. */
  callable<In, Out>(name: string): Promise<(data: In) => Promise<Out>>;
}

export function createFirebaseContext(options: FirebaseBackendOptions): FirebaseContext {
  const emulators = options.emulators ?? {};
  let firebaseApp: FirebaseApp | undefined;
  const app = () => (firebaseApp ??= initializeApp(options.config, options.appName));

  let liteDb: Firestore | undefined;
  const db = () => {
    if (!liteDb) {
      liteDb = getFirestore(app());
      if (emulators.firestore) connectFirestoreEmulator(liteDb, emulators.firestore.host, emulators.firestore.port);
    }
    return liteDb;
  };

  let full: ReturnType<FirebaseContext['fullFirestore']> | undefined;
  const fullFirestore = () =>
    (full ??= import('firebase/firestore').then((fs) => {
      const instance = fs.getFirestore(app());
      if (emulators.firestore)
        fs.connectFirestoreEmulator(instance, emulators.firestore.host, emulators.firestore.port);
      return { fs, db: instance };
    }));

  // App Check must be active before a call is made for the call to carry its token.
  let appCheck: Promise<void> | undefined;
  const ensureAppCheck = (siteKey: string) =>
    (appCheck ??= import('firebase/app-check').then(({ initializeAppCheck, ReCaptchaEnterpriseProvider }) => {
      initializeAppCheck(app(), {
        provider: new ReCaptchaEnterpriseProvider(siteKey),
        isTokenAutoRefreshEnabled: true,
      });
    }));

  let storage: ReturnType<FirebaseContext['storage']> | undefined;
  const loadStorage = () =>
    (storage ??= import('firebase/storage').then((mod) => {
      const instance = mod.getStorage(app());
      if (emulators.storage) mod.connectStorageEmulator(instance, emulators.storage.host, emulators.storage.port);
      return { mod, storage: instance };
    }));

  let functions:
    Promise<typeof import('firebase/functions') & { instance: import('firebase/functions').Functions }> | undefined;
  const loadFunctions = () =>
    (functions ??= import('firebase/functions').then((mod) => {
      const instance = mod.getFunctions(app(), options.functionsRegion ?? 'us-central1');
      if (emulators.functions)
        mod.connectFunctionsEmulator(instance, emulators.functions.host, emulators.functions.port);
      return { ...mod, instance };
    }));

  return {
    options,
    now: options.now ?? (() => new Date()),
    store: options.store ?? (typeof localStorage === 'undefined' ? undefined : localStorage),
    app,
    close: async () => {
      if (firebaseApp) await deleteApp(firebaseApp);
    },
    db,
    fullFirestore,
    storage: loadStorage,
    async callable<In, Out>(name: string) {
      if (options.appCheckSiteKey) await ensureAppCheck(options.appCheckSiteKey);
      const { httpsCallable, instance } = await loadFunctions();
      const call = httpsCallable<In, Out>(instance, name);
      return async (data: In) => (await call(data)).data;
    },
  };
}
