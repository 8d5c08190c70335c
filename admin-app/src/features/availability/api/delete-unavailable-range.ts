// Deletes an unavailable range; the live availability stream brings the list without it (get-admin-availability.ts);
// the public availability the booking page may have cached is dropped.
import { availabilityKey, useMutation } from '@studio/shared/data';

export const useDeleteUnavailableRange = () =>
  useMutation((backend, id: string) => backend.availability.deleteUnavailable(id), { invalidates: [availabilityKey] });
