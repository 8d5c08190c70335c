// Deletes an availability period; the live availability stream brings the list without it (get-admin-availability.ts);
// the public availability the booking page may have cached is dropped.
import { availabilityKey, useMutation } from '@studio/shared/data';

export const useDeleteAvailabilityPeriod = () =>
  useMutation((backend, id: string) => backend.availability.deletePeriod(id), { invalidates: [availabilityKey] });
