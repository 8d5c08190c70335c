// Adds a time slot; the live availability stream brings the new list (get-admin-availability.ts);
// the public availability the booking page may have cached is dropped.
import { availabilityKey, useMutation } from '@studio/shared/data';
import type { TimeSlotInput } from '@studio/shared/domain';

export const useCreateTimeSlot = () =>
  useMutation((backend, input: TimeSlotInput) => backend.availability.addSlot(input), {
    invalidates: [availabilityKey],
  });
