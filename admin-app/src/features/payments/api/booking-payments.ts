// A booking's payments (issue 30) and her payment recorded by hand. The live stream's `payment` events make every
// panel showing that booking read it again, so a deposit paid online shows on her dashboard as it lands.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryCache } from '@studio/shared/data';
import { adminPayments } from '@studio/shared/backend/http/payments';
import type { ManualPaymentInput } from '@studio/shared/schemas/payments';
import { adminKey } from '../../../lib/query-keys';

export const paymentsKey = [...adminKey, 'payments'] as const;
export const bookingPaymentsKey = (bookingId: string) => [...paymentsKey, bookingId] as const;

export function useBookingPayments(bookingId: string) {
  const cache = useQueryCache();
  useEffect(
    () =>
      adminPayments().subscribe(
        (changed) => {
          if (changed === bookingId) cache.invalidate(bookingPaymentsKey(bookingId));
        },
        // The bookings list shows when the live stream stops; this panel keeps its last answer.
        () => undefined,
      ),
    [bookingId, cache],
  );
  return useQuery(bookingPaymentsKey(bookingId), () => adminPayments().forBooking(bookingId));
}

export const useRecordPayment = (bookingId: string) =>
  useMutation((_backend, input: ManualPaymentInput) => adminPayments().record(bookingId, input), {
    invalidates: [bookingPaymentsKey(bookingId)],
  });
