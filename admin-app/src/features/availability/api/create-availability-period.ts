// Adds an availability period. The live availability stream brings the new list (get-admin-availability.ts), so
// nothing is invalidated: a new read would only repeat the stream's next snapshot.
import { useMutation } from '@studio/shared/data';
import type { AvailabilityPeriodInput } from '@studio/shared/domain';

export const useCreateAvailabilityPeriod = () =>
  useMutation((backend, input: AvailabilityPeriodInput) => backend.availability.addPeriod(input));
