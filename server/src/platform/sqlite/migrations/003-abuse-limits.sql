-- An idempotency key stands for one request: the hash of the body it first stored, so the same key with another
-- body is refused (rows stored before this have none and keep answering as they did).
ALTER TABLE booking_requests ADD COLUMN idempotency_body_hash TEXT;

-- The admin reads her requests a page at a time, newest first, all of them or those of one status.
CREATE INDEX booking_requests_status_created ON booking_requests (status, created_at DESC);

-- Sign-in link requests counted per fixed window, so a restart forgets no limit. The key is a hash of what is
-- counted (a client address, an address and an e-mail, an e-mail), never the address or e-mail itself.
CREATE TABLE sign_in_limits (
  key_hash TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);
CREATE INDEX sign_in_limits_window ON sign_in_limits (window_start);
