// The payments of the bookings her dashboard shows and her payment recorded by hand. The bookings list
// reads every confirmed card's payments in one query (GET /api/admin/payments?ids=…) and listens to the live stream
// once: a `payment` event reads that one booking again and puts its view into the query's answer, so a deposit paid
// online shows on her dashboard as it lands, without each card asking for itself.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryCache, type QueryResult } from '@studio/shared/data';
import { adminPayments } from '@studio/shared/backend/http/payments';
import type { PaymentView, PaymentViews } from '@studio/shared/domain/payments';
import type { ManualPaymentInput, ManualRefundInput } from '@studio/shared/schemas/payments';
import { adminKey } from '../../../lib/query-keys';

export const paymentsKey = [...adminKey, 'payments'] as const;
/** One key per set of bookings shown (sorted, so the same cards in another order are the same read). */
export const paymentViewsKey = (bookingIds: readonly string[]) => [...paymentsKey, bookingIds.join(',')] as const;
/** The booking's payments read on their own (the quote dialog's). */
const bookingPaymentsKey = (bookingId: string) => [...paymentsKey, 'booking', bookingId] as const;

interface PaymentViewsValue {
  /** The booking's view, or undefined until the read answers (or when it failed). */
  viewOf(bookingId: string): PaymentView | undefined;
  /** Puts a view the server answered (her payment recorded by hand) in place of the booking's. */
  put(bookingId: string, view: PaymentView): void;
}

const PaymentViewsContext = createContext<PaymentViewsValue | null>(null);

export function PaymentViewsProvider({ bookingIds, children }: { bookingIds: readonly string[]; children: ReactNode }) {
  const cache = useQueryCache();
  // The ids' text stands for them: a list that renders again with the same cards neither reads nor subscribes again.
  const key = [...new Set(bookingIds)].sort().join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  const views: QueryResult<PaymentViews> = useQuery(paymentViewsKey(ids), () => adminPayments().forBookings(ids), {
    enabled: ids.length > 0,
  });
  // While another set of cards is read (a booking confirmed, older ones loaded), the cards keep what they showed.
  const last = useRef<PaymentViews['views']>({});
  if (views.status === 'ready') last.current = views.data.views;
  const shown = views.status === 'ready' ? views.data.views : last.current;

  const put = useCallback(
    (bookingId: string, view: PaymentView) => {
      const current = cache.read<PaymentViews>(paymentViewsKey(ids));
      if (current.status === 'ready' && bookingId in current.data.views)
        cache.set<PaymentViews>(paymentViewsKey(ids), {
          ...current.data,
          views: { ...current.data.views, [bookingId]: view },
        });
      // Not read yet (or failed): the read under way, or the next, has it.
      else cache.invalidate(paymentViewsKey(ids));
    },
    [cache, ids],
  );

  useEffect(() => {
    if (ids.length === 0) return undefined;
    return adminPayments().subscribe(
      (changed) => {
        if (!ids.includes(changed)) return;
        adminPayments()
          .forBooking(changed)
          .then(
            (view) => put(changed, view),
            // The entry keeps its last answer; the next event or reload reads it again.
            () => undefined,
          );
      },
      // The bookings list shows when the live stream stops; the cards keep their last answer.
      () => undefined,
    );
  }, [ids, put]);

  const value = useMemo<PaymentViewsValue>(() => ({ viewOf: (id) => shown[id], put }), [shown, put]);
  return <PaymentViewsContext.Provider value={value}>{children}</PaymentViewsContext.Provider>;
}

/** The booking's payment view from the list's one read; undefined until it answers (or outside a bookings list). */
export function useBookingPayments(bookingId: string): PaymentView | undefined {
  return useContext(PaymentViewsContext)?.viewOf(bookingId);
}

/**
 * The booking's payment view read on its own, for a view outside the bookings list (the quote dialog, which opens
 * over the whole dashboard): what the client has paid so far.
 */
export const usePaymentViewOf = (bookingId: string): QueryResult<PaymentView> =>
  useQuery(bookingPaymentsKey(bookingId), () => adminPayments().forBooking(bookingId));

/** Her payment by hand: the server's answer is the booking's new view, shown at once. */
export function useRecordPayment(bookingId: string) {
  const answered = useAnswered(bookingId);
  return useMutation(async (_backend, input: ManualPaymentInput) =>
    answered(await adminPayments().record(bookingId, input)),
  );
}

/**
 * Puts the view her write answered on the booking's card, and has the booking's own read (the quote dialog's) read
 * again when next shown.
 */
function useAnswered(bookingId: string) {
  const views = useContext(PaymentViewsContext);
  const cache = useQueryCache();
  return (view: PaymentView) => {
    views?.put(bookingId, view);
    cache.invalidate(bookingPaymentsKey(bookingId));
    return view;
  };
}

/** Her refund by hand of one payment by hand: as a payment recorded, the answer is the booking's new view. */
export function useRefundPayment(bookingId: string) {
  const answered = useAnswered(bookingId);
  return useMutation(async (_backend, { paymentId, ...input }: ManualRefundInput & { paymentId: string }) =>
    answered(await adminPayments().refund(bookingId, paymentId, input)),
  );
}
