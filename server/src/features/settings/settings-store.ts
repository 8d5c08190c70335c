// The store of her settings: what the server asks of this storage, honoured by settings.sqlite.ts and
// settings.firestore.ts alike and proved on both by the storage contract (server/test/storage-contract/). The rules
// every store keeps (Promises, atomic calls, no clock, secrets only as hashes): platform/storage/storage-port.ts.
import type { QuoteSettings } from '@studio/shared/domain/quote';

export interface SettingsStore {
  /** Her own SMS switch; null when she never set it (the environment or the default decides: smsFlagInForce). */
  adminSmsValue(): Promise<boolean | null>;
  /** null forgets her value. */
  setAdminSmsValue(value: boolean | null): Promise<void>;
  /** The SHA-256 of her calendar feed's secret, or null when she has no feed. */
  calendarFeedHash(): Promise<string | null>;
  /** null: no feed (revoked). */
  setCalendarFeedHash(hash: string | null): Promise<void>;
  /** Her choice of one digest a day instead of a mail per client action; false when she never chose it. */
  clientActionDigest(): Promise<boolean>;
  setClientActionDigest(value: boolean): Promise<void>;
  /** Her defaults for a new quote as she saved them; null when she never did (the built-in defaults). */
  quoteSettings(): Promise<QuoteSettings | null>;
  setQuoteSettings(value: QuoteSettings): Promise<void>;
}
