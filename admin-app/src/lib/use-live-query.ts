// Reads the server pushes (the admin's live streams, docs/architecture.md). @studio/shared/data has request/answer
// reads only, so the stream half lives here, writing into the same shared read cache:
// - useLiveQuery: a stream of snapshots (availability). Every snapshot is written under the query's key, so
//   components read it like any other query and a write's answer can be set into it too. No refetch, and writes do
//   not invalidate these keys: the stream sends a full snapshot on connect and after every change.
// - useLiveChanges: a stream of changes (bookings, whose list is read a page at a time with useQuery). Each change is
//   handed to a function that writes it into the cached reads it concerns.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBackend, useQueryCache, type QueryCache, type QueryKey } from '@studio/shared/data';
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

/**
 * Follows a stream of changes for as long as the component is mounted: each change goes to `apply` with the cache
 * and the backend, which write it where it belongs. Answers why the stream stopped or is interrupted (cleared by the
 * next change).
 */
export function useLiveChanges<C>(
  watch: Watch<C>,
  apply: (change: C, cache: QueryCache, backend: Backend) => void,
): { error: BackendError | null } {
  const backend = useBackend();
  const cache = useQueryCache();
  const [error, setError] = useState<BackendError | null>(null);
  // The latest functions without reopening the stream: callers pass inline functions.
  const latest = useRef({ watch, apply });
  latest.current = { watch, apply };

  useEffect(
    () =>
      latest.current.watch(
        backend,
        (change) => {
          latest.current.apply(change, cache, backend);
          setError(null);
        },
        setError,
      ),
    [backend, cache],
  );
  return { error };
}
