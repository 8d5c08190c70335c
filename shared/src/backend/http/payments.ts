// The admin's payment calls over the server's API (issue 30): a booking's payments, hers recorded by hand, and the live
// stream's `payment` events (a payment or refund of a booking was recorded). Its own module, imported only by the
// dashboard's payment panel, so no visitor's page carries it (the shell's first load is at its budget).
import type { PaymentView } from '../../domain/payments';
import type { ManualPaymentInput } from '../../schemas/payments';
import type { BackendError, Unsubscribe } from '../port';
import { subscribeEvents } from './live';
import { createRequester } from './request';

export interface AdminPayments {
  forBooking(bookingId: string): Promise<PaymentView>;
  record(bookingId: string, input: ManualPaymentInput): Promise<PaymentView>;
  /** Calls `onChange` with the booking's id whenever one of its payments is recorded or refunded. */
  subscribe(onChange: (bookingId: string) => void, onError: (error: BackendError) => void): Unsubscribe;
}

let http: AdminPayments | undefined;
const enc = encodeURIComponent;

export function adminPayments(): AdminPayments {
  if (!http) {
    const request = createRequester({ baseUrl: '' });
    http = {
      forBooking: (bookingId) => request<PaymentView>('GET', `/api/admin/bookings/${enc(bookingId)}/payments`),
      record: (bookingId, input) =>
        request<PaymentView>('POST', `/api/admin/bookings/${enc(bookingId)}/payments`, input),
      subscribe: (onChange, onError) =>
        subscribeEvents<{ bookingId: string }>(
          '/api/admin/events',
          'payment',
          (event) => onChange(event.bookingId),
          onError,
        ),
    };
  }
  return http;
}
