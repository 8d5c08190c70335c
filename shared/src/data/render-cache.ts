// The read cache of a server render (public-site/src/ssr.tsx): the same cache the browser uses, told to start a
// request while rendering (no effects run on the server), and recording every request so the renderer can wait for
// the answers, render again, and embed what the page read. Its own module, so none of it is in a browser's bundle.
import { createQueryCache, type QueryCache, type QueryKey } from './query-cache';

export interface RenderCache extends QueryCache {
  /** Resolves once no request is under way; true when any was (so the renderer renders again). */
  settled(): Promise<boolean>;
  /** Every answer, as [key, data] pairs: what the server embeds in the page for the browser's cache. */
  dehydrate(): Array<[QueryKey, unknown]>;
}

export function createRenderCache(): RenderCache {
  const cache = createQueryCache();
  const pending = new Set<Promise<unknown>>();
  const answers = new Map<string, [QueryKey, unknown]>();
  return {
    ...cache,
    loadsDuringRender: true,
    fetch: <T>(key: QueryKey, load: () => Promise<T>) => {
      const known = cache.read(key).status === 'ready';
      const promise = cache.fetch<T>(key, load);
      if (!known && !pending.has(promise)) {
        pending.add(promise);
        promise.then(
          (data) => answers.set(JSON.stringify(key), [key, data]),
          () => answers.delete(JSON.stringify(key)),
        );
        promise.finally(() => pending.delete(promise)).catch(() => undefined);
      }
      return promise;
    },
    settled: async () => {
      let waited = false;
      while (pending.size > 0) {
        waited = true;
        await Promise.allSettled([...pending]);
        // Let the then() above record the answers before they are read.
        await Promise.resolve();
      }
      return waited;
    },
    dehydrate: () => [...answers.values()],
  };
}
