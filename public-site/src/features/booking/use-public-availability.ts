// One request to the availability API serves the whole visit: the 'No Availability Set' check, the calendar, every
// date check on submit and the next-available suggestion (the original asked up to 3 times per date and 90 times
// for one suggestion). A failed request is forgotten, so a later lookup may try again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { backend } from '@studio/shared/backend';
import type { PublicAvailability } from '@studio/shared/domain';

export type AvailabilityState =
  { status: 'loading' } | { status: 'ready'; availability: PublicAvailability } | { status: 'error' };

export function usePublicAvailability() {
  const cache = useRef<Promise<PublicAvailability> | null>(null);
  const [state, setState] = useState<AvailabilityState>({ status: 'loading' });

  const lookup = useCallback((): Promise<PublicAvailability> => {
    if (!cache.current) {
      const request = backend.availability.getPublic();
      cache.current = request;
      request.then(
        (availability) => setState({ status: 'ready', availability }),
        () => {
          if (cache.current === request) cache.current = null;
          setState((s) => (s.status === 'ready' ? s : { status: 'error' }));
        },
      );
    }
    return cache.current;
  }, []);

  useEffect(() => {
    // The result arrives through the then() above; a rejection here is already handled there.
    lookup().catch(() => undefined);
  }, [lookup]);

  return { state, lookup };
}
