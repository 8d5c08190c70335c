// The public availability (dates and times only). One request serves the whole visit: the 'No Availability Set'
// check, the calendar, every date check on submit and the next-available suggestion (the original asked up to 3 times
// per date and 90 times for one suggestion). After a failed request the next check asks again (`ensure`).
// The key starts with 'availability' so that a write which invalidates ['availability'] drops it too.
import { useQuery } from '@studio/shared/data';

export const publicAvailabilityKey = ['availability', 'public'] as const;

export const usePublicAvailability = () =>
  useQuery(publicAvailabilityKey, (backend) => backend.availability.getPublic());
