// The admin's booking requests, newest first, a page at a time, all or one status (not the whole list read
// and sent again after every change), and live (docs/product.md §2: a visitor's new request shows without
// reload, at the top). Each filter's list is cached under its own key as the pages read so far; the live stream's
// changes are merged into every list the cache holds, and after the stream (re)connects the lists are read again.
import { useState } from 'react';
import { matchesBookingSearch } from '@studio/shared/domain/lifecycle';
import { useMutation, useQuery, useQueryCache, type QueryCache } from '@studio/shared/data';
import {
  BOOKING_STATUSES,
  type BookingChange,
  type BookingListQuery,
  type BookingPage,
  type BookingRequest,
  type BookingStatus,
} from '@studio/shared/domain';
import type { Backend } from '@studio/shared/backend';
import { adminKey } from '../../../lib/query-keys';
import { useLiveChanges } from '../../../lib/use-live-query';

export type BookingFilter = 'all' | BookingStatus;
export const BOOKING_FILTERS: readonly BookingFilter[] = ['all', ...BOOKING_STATUSES];

export const bookingsKey = [...adminKey, 'bookings'] as const;
/** A list's key: its status filter and, when she searches, the search. */
export const bookingListKey = (filter: BookingFilter, q = '') =>
  (q ? [...bookingsKey, filter, q] : [...bookingsKey, filter]) as readonly string[];
export const bookingSummaryKey = [...adminKey, 'booking-summary'] as const;

/** Every list read in this visit, so a change reaches the searched ones too. */
const readLists = new Map<string, { filter: BookingFilter; q: string }>();
const remember = (filter: BookingFilter, q: string) => readLists.set(JSON.stringify([filter, q]), { filter, q });
BOOKING_FILTERS.forEach((filter) => remember(filter, ''));

const queryOf = (filter: BookingFilter, q = ''): BookingListQuery => ({
  ...(filter === 'all' ? {} : { status: filter }),
  ...(q ? { q } : {}),
});
const shows = (filter: BookingFilter, booking: BookingRequest, q = '') =>
  (filter === 'all' || booking.status === filter) && matchesBookingSearch(booking, q);

/**
 * A list with one request merged in as it now is: replaced where it was (or taken out when the filter no longer
 * shows it), else put in its place by createdAt, newest first. A request older than every one loaded stays out while
 * older pages remain to be read: it will come with them.
 */
export function mergeBooking(list: BookingPage, booking: BookingRequest, filter: BookingFilter, q = ''): BookingPage {
  const at = list.items.findIndex((b) => b.id === booking.id);
  if (at >= 0) {
    const items = shows(filter, booking, q)
      ? list.items.map((b, i) => (i === at ? booking : b))
      : list.items.filter((_, i) => i !== at);
    return { ...list, items };
  }
  if (!shows(filter, booking, q)) return list;
  const before = list.items.findIndex((b) => b.createdAt <= booking.createdAt);
  if (before < 0) return list.nextCursor === null ? { ...list, items: [...list.items, booking] } : list;
  return { ...list, items: [...list.items.slice(0, before), booking, ...list.items.slice(before)] };
}

/**
 * Writes a request as it now is into every list the cache holds (a live change, or a write's answer), and has the
 * badge's count read again.
 */
export function putBooking(cache: QueryCache, booking: BookingRequest) {
  for (const { filter, q } of readLists.values()) {
    const key = bookingListKey(filter, q);
    const state = cache.read<BookingPage>(key);
    if (state.status === 'ready') cache.set(key, mergeBooking(state.data, booking, filter, q));
    // A read under way may have been answered before this change: it is superseded by one that sees it.
    else cache.invalidate(key);
  }
  cache.invalidate(bookingSummaryKey);
}

/**
 * After the stream (re)connected: every list the cache holds or is reading is read again from its newest page. A read
 * under way may have started before the stream was live (the calendar reads the whole list at once), so it is
 * superseded too; a list nobody has asked for yet is read when it is asked for.
 */
function rereadLists(cache: QueryCache, backend: Backend) {
  cache.invalidate(bookingSummaryKey);
  for (const { filter, q } of readLists.values()) {
    const key = bookingListKey(filter, q);
    if (cache.read(key).status !== 'ready') {
      cache.invalidate(key);
      continue;
    }
    backend.bookings.list(queryOf(filter, q)).then(
      (page) => cache.set(key, page),
      // The list on screen stays; the stream's next change or reconnect tries again.
      () => undefined,
    );
  }
}

export function useBookings(filter: BookingFilter, q = '') {
  // The list is first read once the stream is live, so no change can fall between the read and the stream; if the
  // stream cannot open at all, the list is read anyway. Every list already read is read again whenever the stream opens.
  const [live, setLive] = useState(false);
  const stream = useLiveChanges<BookingChange>(
    (backend, onChange, onError) =>
      backend.bookings.subscribe(onChange, (error) => {
        setLive(true);
        onError(error);
      }),
    (change, cache, backend) => {
      if (change.type !== 'resync') putBooking(cache, change.booking);
      else rereadLists(cache, backend);
      setLive(true);
    },
  );
  remember(filter, q);
  const list = useQuery(bookingListKey(filter, q), (backend) => backend.bookings.list(queryOf(filter, q)), {
    enabled: live,
  });
  return { list, error: stream.error, live };
}

/**
 * The unfiltered list as read so far, without a stream of its own: the live changes useBookings receives are merged
 * into it like into every list (the calendar shows it). `live`: useBookings' stream is live, so the read cannot miss a
 * change (and, when the list shows every status, the two share one read).
 */
export function useAllBookingsRead(live: boolean) {
  return useQuery(bookingListKey('all'), (backend) => backend.bookings.list(queryOf('all')), { enabled: live });
}

/** The badge's count of New requests, read again after every change the dashboard sees. */
export function useNewBookingCount() {
  return useQuery(bookingSummaryKey, (backend) => backend.bookings.summary());
}

/** Reads the next, older page of a filter's list and adds it below the ones on screen. */
export function useLoadOlderBookings(filter: BookingFilter, q = '') {
  const cache = useQueryCache();
  return useMutation(async (backend, _input: void) => {
    const key = bookingListKey(filter, q);
    const shown = cache.read<BookingPage>(key);
    if (shown.status !== 'ready' || shown.data.nextCursor === null) return;
    const cursor = shown.data.nextCursor;
    const older = await backend.bookings.list({ ...queryOf(filter, q), cursor });
    const now = cache.read<BookingPage>(key);
    // The list was read again meanwhile (a reconnect): this page may not follow it, so it is not added.
    if (now.status !== 'ready' || now.data.nextCursor !== cursor) return;
    const known = new Set(now.data.items.map((b) => b.id));
    cache.set<BookingPage>(key, {
      items: [...now.data.items, ...older.items.filter((b) => !known.has(b.id))],
      nextCursor: older.nextCursor,
    });
  });
}
