// The admin's availability (periods, unavailable ranges, time slots, with notes and reasons), live.
import type { AdminAvailability } from '@studio/shared/domain';
import { adminKey } from '../../../lib/query-keys';
import { useLiveQuery } from '../../../lib/use-live-query';

export const adminAvailabilityKey = [...adminKey, 'availability'] as const;

export const useAdminAvailability = () =>
  useLiveQuery<AdminAvailability>(adminAvailabilityKey, (backend, onChange, onError) =>
    backend.availability.subscribe(onChange, onError),
  );
