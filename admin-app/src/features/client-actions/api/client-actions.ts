// What clients did: the badge's count and the latest actions, and her digest setting. The summary's key
// sits under the booking summary's, so every live booking change (a cancellation, a move request) reads it again with
// the New badge; a contract's live change reads it again too (putContract).
import { useMutation, useQuery, useQueryCache } from '@studio/shared/data';
import { BackendError, type Backend, type ClientActionsPort } from '@studio/shared/backend';
import { bookingSummaryKey } from '../../bookings/api/get-bookings';
import { adminKey } from '../../../lib/query-keys';

export const clientActionsKey = [...bookingSummaryKey, 'client-actions'] as const;
export const clientActionSettingsKey = [...adminKey, 'client-action-settings'] as const;

const portOf = (backend: Backend): ClientActionsPort => {
  if (!backend.clientActions) throw new BackendError('not-supported', 'Client activity is not available here.');
  return backend.clientActions;
};

export const useClientActions = () => useQuery(clientActionsKey, (backend) => portOf(backend).summary());

/** Marks them seen (all, or one booking's); the answer replaces the cached summary. */
export function useMarkClientActionsSeen() {
  const cache = useQueryCache();
  return useMutation(async (backend, bookingId: string | undefined) => {
    const summary = await portOf(backend).markSeen(bookingId);
    cache.set(clientActionsKey, summary);
    return summary;
  });
}

export const useClientActionSettings = () => useQuery(clientActionSettingsKey, (backend) => portOf(backend).settings());

export function useSetDailyDigest() {
  const cache = useQueryCache();
  return useMutation(async (backend, dailyDigest: boolean) => {
    const settings = await portOf(backend).setDailyDigest(dailyDigest);
    cache.set(clientActionSettingsKey, settings);
    return settings;
  });
}
