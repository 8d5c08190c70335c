// What the storage contract suites of sessions, second factor, passkeys, outbox, limits, SMS, contracts and deploys
// share: each is given a maker that opens a fresh, empty store (SQLite in a temp folder, or Firestore under a project
// id of its own) and closes it after the case.
export interface OpenedStore<S> {
  store: S;
  close(): Promise<void>;
}

export type MakeStore<S> = () => Promise<OpenedStore<S>>;

/** A fresh store for each case of the describe block it is called in; the function answers the current one. */
export function freshStoreEach<S>(make: MakeStore<S>): () => S {
  let opened: OpenedStore<S> | undefined;
  beforeEach(async () => {
    opened = await make();
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  return () => {
    if (!opened) throw new Error('No store open: call it inside a case.');
    return opened.store;
  };
}

/** Runs `n` calls at once (started together, none awaited before the last starts). */
export const together = <T>(n: number, call: (i: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));

/** A 64-digit hex string standing for a secret's SHA-256 (the stores are only ever given hashes). */
export const hex64 = (seed: string) =>
  seed
    .padEnd(64, '0')
    .replace(/[^0-9a-f]/g, 'a')
    .slice(0, 64);
