// Reading and writing through the cache, the way a feature's api/<verb>-<thing>.ts file uses it:
//   export const servicesKey = ['services'] as const;
//   export const useServices = () => useQuery(servicesKey, (backend) => backend.services.list());
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Backend } from '../backend/port';
import { useBackend, useQueryCache } from './backend-context';
import { keyOf, type QueryKey, type QueryState } from './query-cache';

export type QueryResult<T> = QueryState<T> & {
  /** Asks again (a Retry button); the state goes back to 'loading' until the answer. */
  refetch: () => void;
  /**
   * The data when the cache has it, else the answer of a request (the one under way, or a new one after a failure):
   * for event handlers that need the data now, e.g. a submit that checks dates against the availability.
   */
  ensure: () => Promise<T>;
};

export function useQuery<T>(
  key: QueryKey,
  load: (backend: Backend) => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
): QueryResult<T> {
  const backend = useBackend();
  const cache = useQueryCache();
  const id = keyOf(key);
  // The key's JSON stands for the key, so a caller may pass a fresh array on every render.
  const subscribe = useCallback((listener: () => void) => cache.subscribe(JSON.parse(id), listener), [cache, id]);
  const read = useCallback(() => cache.read<T>(JSON.parse(id)), [cache, id]);
  const state = useSyncExternalStore(subscribe, read, read);

  // The latest loader without re-subscribing: callers pass an inline function.
  const loadRef = useRef(load);
  loadRef.current = load;
  const ensure = useCallback(
    () => cache.fetch<T>(JSON.parse(id), () => loadRef.current(backend)),
    [cache, id, backend],
  );
  const start = useCallback(() => {
    // A rejection is kept in the cache's state; nothing else to do with it here.
    ensure().catch(() => undefined);
  }, [ensure]);

  // On the server no effect runs: the request starts now, and the renderer renders again with its answer.
  if (cache.loadsDuringRender && enabled && state.status === 'loading') start();
  // On the state itself, not its status: an invalidation during a load is a new 'loading' state, and needs a new load.
  useEffect(() => {
    if (enabled && state.status === 'loading') start();
  }, [enabled, state, start]);

  // A page that mounts (or asks for another key) after a failure asks again, as it did before the cache; only on
  // mount, so a failing backend is not asked in a loop while the page shows the error.
  useEffect(() => {
    if (enabled && cache.read(JSON.parse(id)).status === 'error') start();
  }, [enabled, cache, id, start]);

  const refetch = useCallback(() => {
    cache.invalidate(JSON.parse(id));
    start();
  }, [cache, id, start]);

  return { ...state, refetch, ensure };
}

export type MutationState = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; error: unknown };

/**
 * A write: runs `write` with the backend, then forgets the keys it changes so pages showing them read again.
 * `mutate` resolves with the write's answer and rethrows its error (forms show field errors from it).
 */
export function useMutation<I, O>(
  write: (backend: Backend, input: I) => Promise<O>,
  { invalidates = [] }: { invalidates?: QueryKey[] } = {},
) {
  const backend = useBackend();
  const cache = useQueryCache();
  const [state, setState] = useState<MutationState>({ status: 'idle' });
  const writeRef = useRef({ write, invalidates });
  writeRef.current = { write, invalidates };

  const mutate = useCallback(
    async (input: I): Promise<O> => {
      setState({ status: 'pending' });
      try {
        const out = await writeRef.current.write(backend, input);
        for (const key of writeRef.current.invalidates) cache.invalidate(key);
        setState({ status: 'success' });
        return out;
      } catch (error) {
        setState({ status: 'error', error });
        throw error;
      }
    },
    [backend, cache],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { ...state, mutate, reset };
}
