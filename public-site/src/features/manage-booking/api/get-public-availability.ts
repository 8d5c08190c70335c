// The public availability the move's calendar and Suggest read: the same cached answer (and key) as the booking form,
// so a client who comes from /book-me asks once.
import { publicAvailabilityKey, useQuery } from '@studio/shared/data';

export const usePublicAvailability = () =>
  useQuery(publicAvailabilityKey, (backend) => backend.availability.getPublic());
