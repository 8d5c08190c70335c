// The public availability (dates and times only). One request serves the whole visit: the 'No Availability Set'
// check, the calendar, every date check on submit and the next-available suggestion (the original asked up to 3 times
// per date and 90 times for one suggestion). After a failed request the next check asks again (`ensure`).
// The key is shared with admin-app, whose availability writes invalidate it (the two run in one page, one cache).
import { publicAvailabilityKey, useQuery } from '@studio/shared/data';

export { publicAvailabilityKey };

export const usePublicAvailability = () =>
  useQuery(publicAvailabilityKey, (backend) => backend.availability.getPublic());
