// Deletes a unavailable range; the live availability stream brings the list without it (get-admin-availability.ts).
import { useMutation } from '@studio/shared/data';

export const useDeleteUnavailableRange = () =>
  useMutation((backend, id: string) => backend.availability.deleteUnavailable(id));
