// Public entry of @studio/shared/data: the backend and the read cache from React context, and the hooks that use them.
export { BackendProvider, useBackend, useQueryCache } from './backend-context';
export { createQueryCache, type QueryCache, type QueryKey, type QueryState } from './query-cache';
export { availabilityKey, portfolioKey, publicAvailabilityKey, servicesKey, siteKey } from './keys';
export { useMutation, useQuery, type MutationState, type QueryResult } from './use-query';
// What UI code needs of the port besides the hooks, so that no app file imports '@studio/shared/backend' (whose
// module also creates the build's backend instance) except the shell's bootstrap, which provides it.
export { BackendError, type Backend, type BackendErrorCode } from '../backend/port';
