// The admin's availability (periods, unavailable ranges, time slots, with notes and reasons), live.
import { useEffect, useState } from 'react';
import { backend } from '@studio/shared/backend';
import type { BackendError } from '@studio/shared/backend';
import type { AdminAvailability } from '@studio/shared/domain';

export function useAvailability() {
  const [availability, setAvailability] = useState<AdminAvailability | null>(null);
  const [error, setError] = useState<BackendError | null>(null);
  useEffect(
    () =>
      backend.availability.subscribe((value) => {
        setAvailability(value);
        setError(null);
      }, setError),
    [],
  );
  return { availability, error };
}
