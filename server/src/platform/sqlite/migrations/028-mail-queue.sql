-- Mail the SMTP server did not take: kept here, not in memory, and sent again with a
-- growing pause for 24 hours, so a mail server that is down for an hour, or a restart meanwhile, loses nothing. The
-- message is kept whole (JSON, attachments included) because it is sent again as it was. A row is deleted once the
-- mail has left; one given up on stays (given_up_at set) until the outbox's retention deletes it, so health and her
-- dashboard can say it was lost.
CREATE TABLE mail_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  first_failed_at TEXT NOT NULL,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT NOT NULL,
  given_up_at TEXT
);
CREATE INDEX mail_queue_due ON mail_queue (given_up_at, next_attempt_at);
