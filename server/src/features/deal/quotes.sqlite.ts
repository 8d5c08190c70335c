// Bookings' quotes in SQLite (QuotesStore, quotes-store.ts): one row per booking whose quote she saved, its input as
// JSON.
import type { QuoteInput } from '@studio/shared/domain/quote';
import type { Db } from '../../platform/sqlite/database';
import type { QuotesStore, StoredQuote } from './quotes-store';

interface Row {
  input: string;
  version: number;
  updated_at: string;
}

const fromRow = (row: Row): StoredQuote => ({
  input: JSON.parse(row.input) as QuoteInput,
  version: row.version,
  updatedAt: row.updated_at,
});

export function createQuotesRepository(db: Db): QuotesStore {
  const select = db.prepare('SELECT input, version, updated_at FROM booking_quotes WHERE booking_id = ?');
  // One statement reads the stored version and writes the next: atomic without a transaction of its own.
  const upsert = db.prepare(
    `INSERT INTO booking_quotes (booking_id, input, version, updated_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (booking_id) DO UPDATE SET input = excluded.input, version = version + 1, updated_at = excluded.updated_at
     RETURNING input, version, updated_at`,
  );
  return {
    async get(bookingId) {
      const row = select.get(bookingId) as Row | undefined;
      return row ? fromRow(row) : null;
    },
    async save(bookingId, input, at) {
      return fromRow(upsert.get(bookingId, JSON.stringify(input), at) as Row);
    },
  };
}
