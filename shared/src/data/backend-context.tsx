// The backend and the read cache reach UI code through React context, provided once by the shell (and by tests,
// with the http adapter to the test server): no component imports the backend module, and a test swaps the backend by rendering a
// provider instead of mocking a module path.
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Backend } from '../backend/port';
import { createQueryCache, type QueryCache } from './query-cache';

interface DataContextValue {
  backend: Backend;
  cache: QueryCache;
}

const DataContext = createContext<DataContextValue | null>(null);

export function BackendProvider({
  backend,
  cache,
  children,
}: {
  backend: Backend;
  cache?: QueryCache;
  children: ReactNode;
}) {
  // Made once per mounted provider: a new cache on every render would forget every answer.
  const [value] = useState<DataContextValue>(() => ({ backend, cache: cache ?? createQueryCache() }));
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}

function useData(): DataContextValue {
  const value = useContext(DataContext);
  if (!value) throw new Error('No BackendProvider above this component.');
  return value;
}

export const useBackend = (): Backend => useData().backend;
export const useQueryCache = (): QueryCache => useData().cache;
