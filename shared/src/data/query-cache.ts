// The one client-side cache of backend reads, shared by the shell and both remotes (a Module Federation singleton
// through '@studio/shared/'). A page asks for a key; the first asker starts the request, everyone else waits on the
// same promise, and the answer is kept until a write invalidates it. So the services are fetched once per visit
// whichever pages show them.
//
// Why not TanStack Query or SWR: measured with esbuild (minified, gzip, react external), the parts we would use cost
// 10.5 KB (TanStack Query 5) and 6.4 KB (SWR 2) on the first load of '/', whose budget allows 3 KB more. What we need
// (dedupe, keep, invalidate, seed from server-rendered data) is this file.

export type QueryKey = readonly (string | number | boolean | null)[];

export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }
  | { status: 'ready'; data: T; error?: undefined };

interface Entry {
  state: QueryState<unknown>;
  promise?: Promise<unknown>;
  /** Bumped by invalidate, so an answer to an older request does not overwrite a newer one. */
  generation: number;
}

const LOADING: QueryState<never> = { status: 'loading' };

export interface QueryCache {
  /** The current state of a key ('loading' when nothing was asked yet). */
  read<T>(key: QueryKey): QueryState<T>;
  /** Starts the request unless one is under way or its answer is kept; resolves with the data. */
  fetch<T>(key: QueryKey, load: () => Promise<T>): Promise<T>;
  /** Stores data for a key (data embedded in the page, or the answer of a write). */
  set<T>(key: QueryKey, data: T): void;
  /** Forgets every key that starts with the given prefix; pages showing one fetch again. */
  invalidate(prefix: QueryKey): void;
  subscribe(key: QueryKey, listener: () => void): () => void;
  /**
   * Server rendering (render-cache.ts): a page that reads a key the cache does not have starts its request while
   * rendering, since there are no effects on the server.
   */
  readonly loadsDuringRender?: boolean;
}

export const keyOf = (key: QueryKey) => JSON.stringify(key);

export function createQueryCache(): QueryCache {
  const entries = new Map<string, Entry>();
  const listeners = new Map<string, Set<() => void>>();

  const entry = (id: string): Entry => {
    let e = entries.get(id);
    if (!e) {
      e = { state: LOADING, generation: 0 };
      entries.set(id, e);
    }
    return e;
  };
  const notify = (id: string) => listeners.get(id)?.forEach((l) => l());

  const start = <T>(id: string, load: () => Promise<T>): Promise<T> => {
    const e = entry(id);
    const generation = e.generation;
    const promise = load().then(
      (data) => {
        if (e.generation === generation) {
          e.state = { status: 'ready', data };
          e.promise = undefined;
          notify(id);
        }
        return data;
      },
      (error: unknown) => {
        if (e.generation === generation) {
          // A failed read is not kept: the next asker (a Retry button, a remount) tries again.
          e.state = { status: 'error', error };
          e.promise = undefined;
          notify(id);
        }
        throw error;
      },
    );
    e.promise = promise;
    return promise;
  };

  return {
    read: <T>(key: QueryKey) => (entries.get(keyOf(key))?.state ?? LOADING) as QueryState<T>,
    fetch: <T>(key: QueryKey, load: () => Promise<T>) => {
      const id = keyOf(key);
      const e = entry(id);
      if (e.state.status === 'ready') return Promise.resolve(e.state.data as T);
      if (e.promise) return e.promise as Promise<T>;
      if (e.state.status === 'error') {
        e.state = LOADING;
        notify(id);
      }
      return start(id, load);
    },
    set: (key, data) => {
      const id = keyOf(key);
      const e = entry(id);
      e.generation++;
      e.promise = undefined;
      e.state = { status: 'ready', data };
      notify(id);
    },
    invalidate: (prefix) => {
      const head = keyOf(prefix).slice(0, -1);
      for (const [id, e] of entries) {
        if (id !== keyOf(prefix) && !id.startsWith(`${head},`)) continue;
        e.generation++;
        e.promise = undefined;
        // A new object, not the shared LOADING: a key invalidated while it was already loading must still look
        // changed to its readers, whose load (now outdated) will be dropped; they start the new one.
        e.state = { status: 'loading' };
        notify(id);
      }
    },
    subscribe: (key, listener) => {
      const id = keyOf(key);
      let set = listeners.get(id);
      if (!set) {
        set = new Set();
        listeners.set(id, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}
