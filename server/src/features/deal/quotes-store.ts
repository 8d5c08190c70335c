// The quotes store (quotes.ts holds the rules: the default quote, who may change it): what the server asks of this
// storage, honoured by quotes.sqlite.ts and quotes.firestore.ts alike and proved on both by the storage contract
// (server/test/storage-contract/). The rules every store keeps (Promises, atomic calls, no clock, secrets only as
// hashes): platform/storage/storage-port.ts.
import type { QuoteInput } from '@studio/shared/domain/quote';

/** A booking's quote as stored: what she agreed, its version (1 for the first save) and when it was saved. */
export interface StoredQuote {
  input: QuoteInput;
  version: number;
  updatedAt: string;
}

export interface QuotesStore {
  /** The booking's quote; null when none was ever saved for it. */
  get(bookingId: string): Promise<StoredQuote | null>;
  /**
   * Atomic: stores `input` as the booking's quote with version = the stored one + 1 (1 for the first), updatedAt
   * `at`; answers it. Two saves racing get two versions, the later one's input kept.
   */
  save(bookingId: string, input: QuoteInput, at: string): Promise<StoredQuote>;
}
