// The admin's list of booking requests in Firestore, a page at a time: newest first (createdAt, then the order of
// storing), optionally of one status, optionally only the requests a search matches, and a cursor to the next page.
import type { CollectionReference, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import { BOOKING_PAGE_SIZE } from '@studio/shared/domain';
import type { BookingListQuery, BookingPage, BookingStatus } from '@studio/shared/domain';
import { InvalidCursorError } from './bookings-store';
import { bookingOf, type BookingDoc } from './booking-document.firestore';

/**
 * Where a page ends in the list's order (createdAt, then seq, both descending). Given to the client as an opaque
 * string; the leading 'fs' tells it from any other store's cursor, so a cursor this store did not make reads as null.
 */
interface Position {
  createdAt: string;
  seq: number;
}

const encodeCursor = (p: Position) =>
  Buffer.from(JSON.stringify(['fs', p.createdAt, p.seq]), 'utf8').toString('base64url');

function decodeCursor(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [tag, createdAt, seq] = value as unknown[];
    if (tag !== 'fs' || typeof createdAt !== 'string' || !Number.isSafeInteger(seq)) return null;
    return { createdAt, seq: seq as number };
  } catch {
    return null;
  }
}

/**
 * SQLite's lower(): ASCII letters only, so a search matches exactly the rows the SQLite store finds (the needle itself
 * is lower-cased by JavaScript in both, as the SQLite store does before it queries).
 */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

const matchesSearch = (id: string, d: BookingDoc, needle: string) =>
  asciiLower(d.name).includes(needle) ||
  asciiLower(d.email).includes(needle) ||
  asciiLower(id.replaceAll('-', '')).startsWith(needle);

/** How many requests a search reads at a time while it looks for a page of matches. */
const SEARCH_BATCH = 200;

const ordered = (bookings: CollectionReference, status: BookingStatus | undefined): Query => {
  const all: Query = status === undefined ? bookings : bookings.where('status', '==', status);
  return all.orderBy('createdAt', 'desc').orderBy('seq', 'desc');
};

/** One page of the list; a cursor this store did not make is an InvalidCursorError. */
export async function bookingPage(
  bookings: CollectionReference,
  { status, cursor, limit = BOOKING_PAGE_SIZE, q }: BookingListQuery = {},
): Promise<BookingPage> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  if (after === null) throw new InvalidCursorError(cursor);
  const base = ordered(bookings, status);
  const from = (p: Position | undefined) => (p ? base.startAfter(p.createdAt, p.seq) : base);
  const needle = q?.trim().toLowerCase();
  let rows: DocumentSnapshot[];
  if (!needle) {
    // One row more than asked says whether there is a next page.
    rows = (
      await from(after)
        .limit(limit + 1)
        .get()
    ).docs;
  } else {
    // Firestore has no substring match: the search reads the list newest first in batches and keeps what the
    // SQLite store's rule keeps, until it has a page and one more. The answers are the SQLite store's; the cost is
    // a read per request scanned (the SQLite store scans too: instr() uses no index).
    rows = [];
    let position = after;
    for (;;) {
      const batch = (await from(position).limit(SEARCH_BATCH).get()).docs;
      for (const doc of batch) {
        if (matchesSearch(doc.id, doc.data() as BookingDoc, needle)) rows.push(doc);
        if (rows.length > limit) break;
      }
      const last = batch.at(-1);
      if (rows.length > limit || batch.length < SEARCH_BATCH || !last) break;
      position = { createdAt: last.get('createdAt') as string, seq: last.get('seq') as number };
    }
  }
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(bookingOf),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.get('createdAt') as string, seq: last.get('seq') as number })
        : null,
  };
}
