-- A booking's quote: the deal she agreed as JSON (QuoteInput: base price, line items, deposit, balance due,
-- cancellation ladder, all amounts whole cents), and its version, which rises with each save so a contract or a
-- payment can name the quote it was made from. A booking without a row has the default quote at version 0.
CREATE TABLE booking_quotes (
  booking_id TEXT PRIMARY KEY,
  input TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
