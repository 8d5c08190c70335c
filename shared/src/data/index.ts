// Public entry of @studio/shared/data: the backend and the read cache from React context, and the hooks that use them.
export { BackendProvider, useBackend, useQueryCache } from './backend-context';
export { createQueryCache, type QueryCache, type QueryKey, type QueryState } from './query-cache';
export { useMutation, useQuery, type MutationState, type QueryResult } from './use-query';
