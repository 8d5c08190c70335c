-- The whole data model of docs/product.md §3. JSON columns hold lists that are always read and written whole.
CREATE TABLE services (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  display_name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image TEXT NOT NULL DEFAULT '',
  price TEXT NOT NULL DEFAULT '',
  tiers TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE documents (
  -- portfolioMeta/main and portfolio content: small documents read whole.
  id TEXT PRIMARY KEY,
  data TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL
);

CREATE TABLE galleries (
  project_id TEXT PRIMARY KEY,
  images TEXT NOT NULL DEFAULT '[]',
  videos TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE availability_periods (
  id TEXT PRIMARY KEY,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  is_available INTEGER NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE unavailable_ranges (
  id TEXT PRIMARY KEY,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);

CREATE TABLE time_slots (
  id TEXT PRIMARY KEY,
  date TEXT NOT NULL,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  is_available INTEGER NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX time_slots_date ON time_slots (date);

CREATE TABLE booking_requests (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT UNIQUE,
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
  consultation_date TEXT NOT NULL DEFAULT '',
  consultation_location TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL,
  sms_opt_in INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('New', 'Contacted', 'Confirmed', 'Declined')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  reminder_sent_at TEXT
);
CREATE INDEX booking_requests_created ON booking_requests (created_at DESC);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE sign_in_tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL CHECK (channel IN ('mail', 'sms')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE sms_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id TEXT,
  kind TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX sms_log_sent ON sms_log (sent_at);
