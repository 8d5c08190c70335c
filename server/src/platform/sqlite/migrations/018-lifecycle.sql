-- The booking lifecycle. A request may span several shoot days (end_date) and name a time slot for its
-- shoot and consultation days; the client may cancel it (status 'Cancelled') or ask to move it through a private
-- manage link, whose token is kept only as a hash; a confirmed booking's calendar invite keeps a sequence number so
-- an update replaces the invite in her calendar. SQLite cannot change a CHECK constraint in place: the table is
-- rebuilt with the same rows, its indexes made again.
CREATE TABLE booking_requests_new (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT UNIQUE,
  idempotency_body_hash TEXT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  service_id TEXT NOT NULL,
  service TEXT NOT NULL,
  service_price TEXT NOT NULL DEFAULT '',
  service_tier TEXT NOT NULL DEFAULT '',
  service_tier_id TEXT NOT NULL DEFAULT '',
  payment_schedule TEXT NOT NULL DEFAULT '',
  date TEXT NOT NULL DEFAULT '',
  end_date TEXT NOT NULL DEFAULT '',
  time TEXT NOT NULL DEFAULT '',
  consultation_date TEXT NOT NULL DEFAULT '',
  consultation_time TEXT NOT NULL DEFAULT '',
  consultation_location TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL,
  sms_opt_in INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('New', 'Contacted', 'Confirmed', 'Declined', 'Cancelled')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  reminder_sent_at TEXT,
  manage_token_hash TEXT UNIQUE,
  reschedule_date TEXT NOT NULL DEFAULT '',
  reschedule_time TEXT NOT NULL DEFAULT '',
  reschedule_requested_at TEXT,
  invite_sequence INTEGER NOT NULL DEFAULT 0
);

INSERT INTO booking_requests_new (id, idempotency_key, idempotency_body_hash, name, email, phone, service_id, service,
  service_price, service_tier, service_tier_id, payment_schedule, date, consultation_date, consultation_location,
  location, description, sms_opt_in, status, created_at, updated_at, reminder_sent_at)
SELECT id, idempotency_key, idempotency_body_hash, name, email, phone, service_id, service, service_price, service_tier,
  service_tier_id, payment_schedule, date, consultation_date, consultation_location, location, description,
  sms_opt_in, status, created_at, updated_at, reminder_sent_at
FROM booking_requests;

DROP TABLE booking_requests;
ALTER TABLE booking_requests_new RENAME TO booking_requests;
CREATE INDEX booking_requests_created ON booking_requests (created_at DESC);
CREATE INDEX booking_requests_status_created ON booking_requests (status, created_at DESC);

-- Mails may carry attachments (a calendar invite); the outbox keeps them so they can be read offline.
ALTER TABLE outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
