// The admin's availability writes drop the public availability this page's cache may hold (the booking page of the
// same visit then asks the server again instead of offering dates she has just closed).
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BackendProvider, createQueryCache, publicAvailabilityKey } from '@studio/shared/data';
import { adminServer } from '../../../test-support/admin-server';
import { useCreateAvailabilityPeriod } from './create-availability-period';

test('adding a period forgets the cached public availability', async () => {
  const cache = createQueryCache();
  cache.set(publicAvailabilityKey, { periods: [], unavailable: [], slots: [] });
  const { backend } = await adminServer();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <BackendProvider backend={backend} cache={cache}>
      {children}
    </BackendProvider>
  );
  const { result } = renderHook(() => useCreateAvailabilityPeriod(), { wrapper });
  await act(async () => {
    await result.current.mutate({ startDate: '2030-01-01', endDate: '2030-01-31', isAvailable: true, notes: '' });
  });
  expect(cache.read(publicAvailabilityKey).status).toBe('loading');
});
