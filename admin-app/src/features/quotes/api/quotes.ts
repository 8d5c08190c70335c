// A booking's quote and her quote defaults, read and saved through the backend's quotes port.
import { useMutation, useQuery, useQueryCache } from '@studio/shared/data';
import type { BookingQuote, QuoteInput, QuoteSettings } from '@studio/shared/domain/quote';
import { adminKey } from '../../../lib/query-keys';
import { bookingContractsKey } from '../../contracts/api/get-booking-contracts';
import { paymentsKey } from '../../payments/api/booking-payments';

export const quotesKey = [...adminKey, 'quotes'] as const;
export const bookingQuoteKey = (bookingId: string) => [...quotesKey, 'booking', bookingId] as const;
export const quoteSettingsKey = [...quotesKey, 'settings'] as const;

export const useBookingQuote = (bookingId: string) =>
  useQuery(bookingQuoteKey(bookingId), async (backend) => (await backend.quotes()).forBooking(bookingId));

export function useSaveQuote(bookingId: string) {
  const cache = useQueryCache();
  return useMutation(async (backend, input: QuoteInput) => {
    const saved = await (await backend.quotes()).save(bookingId, input);
    cache.set<BookingQuote>(bookingQuoteKey(bookingId), saved);
    // The booking's contract carries the quote: its versions are read again.
    cache.invalidate(bookingContractsKey(bookingId));
    // What is due follows the new total: the payments shown (the list's one read, the dialog's) are read again.
    cache.invalidate(paymentsKey);
    return saved;
  });
}

export const useQuoteSettings = () =>
  useQuery(quoteSettingsKey, async (backend) => (await backend.quotes()).settings());

export function useSaveQuoteSettings() {
  const cache = useQueryCache();
  return useMutation(async (backend, settings: QuoteSettings) => {
    const saved = await (await backend.quotes()).saveSettings(settings);
    cache.set<QuoteSettings>(quoteSettingsKey, saved);
    return saved;
  });
}
