// The admin's payment calls over the server's API: a booking's payments (or her dashboard's cards' in one
// read), hers recorded or refunded by hand, and the live stream's `payment` events (a payment or refund of a booking was
// recorded). Its own module, imported only by the dashboard's payment panel, so no visitor's page carries it (the
// shell's first load is at its budget).
import { PAYMENTS_BATCH_MAX, type PaymentView, type PaymentViews } from '../../domain/payments';
import type { ManualPaymentInput, ManualRefundInput } from '../../api/payments';
import type { BackendError, Unsubscribe } from '../port';
import { subscribeEvents } from './live';
import { createRequester } from './request';

export interface AdminPayments {
  forBooking(bookingId: string): Promise<PaymentView>;
  /**
   * The views of many bookings (her dashboard's cards): one request for up to PAYMENTS_BATCH_MAX ids, one more for each
   * such number beyond; an id no booking has is in `unknown`.
   */
  forBookings(bookingIds: readonly string[]): Promise<PaymentViews>;
  record(bookingId: string, input: ManualPaymentInput): Promise<PaymentView>;
  /** Her refund by hand of a payment by hand; answers the booking's new view. */
  refund(bookingId: string, paymentId: string, input: ManualRefundInput): Promise<PaymentView>;
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
      forBookings: async (bookingIds) => {
        const ids = [...new Set(bookingIds)];
        const chunks = Array.from({ length: Math.ceil(ids.length / PAYMENTS_BATCH_MAX) }, (_, i) =>
          ids.slice(i * PAYMENTS_BATCH_MAX, (i + 1) * PAYMENTS_BATCH_MAX),
        );
        const answers = await Promise.all(
          chunks.map((chunk) => request<PaymentViews>('GET', `/api/admin/payments?ids=${chunk.map(enc).join(',')}`)),
        );
        return {
          views: Object.assign({}, ...answers.map((a) => a.views)) as PaymentViews['views'],
          unknown: answers.flatMap((a) => a.unknown),
        };
      },
      record: (bookingId, input) =>
        request<PaymentView>('POST', `/api/admin/bookings/${enc(bookingId)}/payments`, input),
      refund: (bookingId, paymentId, input) =>
        request<PaymentView>('POST', `/api/admin/bookings/${enc(bookingId)}/payments/${enc(paymentId)}/refunds`, input),
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
