// Adds a range of unavailable days; the live availability stream brings the new list (get-admin-availability.ts);
// the public availability the booking page may have cached is dropped.
import { availabilityKey, useMutation } from '@studio/shared/data';
import type { UnavailableRangeInput } from '@studio/shared/domain';

export const useCreateUnavailableRange = () =>
  useMutation((backend, input: UnavailableRangeInput) => backend.availability.addUnavailable(input), {
    invalidates: [availabilityKey],
  });
