// Adds an availability period. The live availability stream brings the new list (get-admin-availability.ts), so
// the admin's own list is not invalidated; the public availability this page's cache may hold is.
import { availabilityKey, useMutation } from '@studio/shared/data';
import type { AvailabilityPeriodInput } from '@studio/shared/domain';

export const useCreateAvailabilityPeriod = () =>
  useMutation((backend, input: AvailabilityPeriodInput) => backend.availability.addPeriod(input), {
    invalidates: [availabilityKey],
  });
