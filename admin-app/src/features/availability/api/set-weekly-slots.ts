// Saves her weekly consultation hours as a whole; the live availability stream brings them back, and the
// public availability the booking page may have cached is dropped.
import { availabilityKey, useMutation } from '@studio/shared/data';
import type { WeeklySlotInput } from '@studio/shared/domain';

export const useSetWeeklySlots = () =>
  useMutation((backend, slots: WeeklySlotInput[]) => backend.availability.setWeekly(slots), {
    invalidates: [availabilityKey],
  });
