// A read the server pushes (the admin's live streams, docs/architecture.md): every snapshot the stream sends is
// written into the shared read cache under the query's key, so components read it like any other query and a write's
// answer can be set into it too. @studio/shared/data has request/answer reads only, so the stream half lives here.
//
// No refetch, and writes do not invalidate these keys: the stream sends a full snapshot on connect and after every
// change, so a new request would say nothing the next snapshot does not.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBackend, useQueryCache, type QueryKey } from '@studio/shared/data';
import type { Backend, BackendError, Unsubscribe } from '@studio/shared/backend';

export type Watch<T> = (
  backend: Backend,
  onChange: (value: T) => void,
  onError: (error: BackendError) => void,
) => Unsubscribe;

export interface LiveQueryResult<T> {
  /** The latest snapshot; null until the first one arrives (or after the key was invalidated). */
  data: T | null;
  /** Why the stream stopped or is interrupted; cleared by the next snapshot. */
  error: BackendError | null;
}

export function useLiveQuery<T>(key: QueryKey, watch: Watch<T>): LiveQueryResult<T> {
  const backend = useBackend();
  const cache = useQueryCache();
  const [error, setError] = useState<BackendError | null>(null);
  // The key's JSON stands for the key, so a caller may pass a fresh array on every render.
  const id = JSON.stringify(key);
  // The latest watch function without reopening the stream: callers pass an inline function.
  const watchRef = useRef(watch);
  watchRef.current = watch;

  useEffect(
    () =>
      watchRef.current(
        backend,
        (value) => {
          cache.set<T>(JSON.parse(id) as QueryKey, value);
          setError(null);
        },
        setError,
      ),
    [backend, cache, id],
  );

  const subscribe = useCallback(
    (listener: () => void) => cache.subscribe(JSON.parse(id) as QueryKey, listener),
    [cache, id],
  );
  const read = useCallback(() => cache.read<T>(JSON.parse(id) as QueryKey), [cache, id]);
  const state = useSyncExternalStore(subscribe, read, read);
  return { data: state.status === 'ready' ? state.data : null, error };
}
