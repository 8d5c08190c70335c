-- What clients do on their own: a cancellation or a move asked for from the manage link, a contract opened
-- or signed, a message from the booking page. Each row counts on her dashboard's badge until she sees it (seen_at),
-- and reaches her by a mail of its own (delivery 'mail') or in a day's digest (delivery 'digest', digest_day set
-- once that day's digest took it). The booking's name, service and date are copied at the time: what she was told.
CREATE TABLE client_actions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  booking_id TEXT,
  client_name TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  service TEXT NOT NULL DEFAULT '',
  date TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL DEFAULT '',
  at TEXT NOT NULL,
  seen_at TEXT,
  delivery TEXT NOT NULL,
  digest_day TEXT
);
CREATE INDEX client_actions_unseen ON client_actions (booking_id) WHERE seen_at IS NULL;
CREATE INDEX client_actions_waiting ON client_actions (seq) WHERE delivery = 'digest' AND digest_day IS NULL;
CREATE INDEX client_actions_recent ON client_actions (at DESC, seq DESC);
-- One row per day whose digest was taken: at most one digest a day, whoever's timer comes first.
CREATE TABLE client_action_digests (
  day TEXT PRIMARY KEY,
  taken_at TEXT NOT NULL
);
