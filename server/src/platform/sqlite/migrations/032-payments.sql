-- What the client paid of her deal: each payment (a deposit or the balance) with its amount and currency as
-- Stripe or she reported it, how it was paid, Stripe's ids when it was paid online, and what of it was refunded. One
-- payment per Checkout Session at most (the unique index), so a webhook delivered twice cannot record it twice.
CREATE TABLE payments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  booking_id TEXT NOT NULL,
  quote_version INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('deposit', 'balance')),
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('stripe', 'bank transfer', 'cash')),
  checkout_session_id TEXT UNIQUE,
  payment_intent_id TEXT,
  status TEXT NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded')),
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  paid_at TEXT NOT NULL
);
CREATE INDEX payments_booking ON payments (booking_id, seq);
CREATE INDEX payments_intent ON payments (payment_intent_id) WHERE payment_intent_id IS NOT NULL;
-- Every Stripe event handled, by its id: a replayed or redelivered event is answered and changes nothing.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL
);
-- The Checkout Session made for a booking's quote version and part: reused while it is open, so a client who clicks
-- "Pay the deposit" twice is sent to one session, and the webhook finds the booking and part here, not in metadata.
CREATE TABLE checkout_sessions (
  session_id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL,
  quote_version INTEGER NOT NULL,
  kind TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  url TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX checkout_sessions_part ON checkout_sessions (booking_id, quote_version, kind, created_at);
-- The deposit link her confirmation mail carries (the manage link's own token is kept only as its hash, so the mail
-- gets a key of its own to the same page): the SHA-256 of the link's token and the booking it opens.
CREATE TABLE payment_links (
  token_hash TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
