// Deletes a availability period; the live availability stream brings the list without it (get-admin-availability.ts).
import { useMutation } from '@studio/shared/data';

export const useDeleteAvailabilityPeriod = () =>
  useMutation((backend, id: string) => backend.availability.deletePeriod(id));
