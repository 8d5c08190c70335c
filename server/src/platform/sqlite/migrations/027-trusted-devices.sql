-- A device she marks as hers at sign-in: its session lives 30 days from its last use instead of 2 hours,
-- under the name of the browser it was opened on, listed on her dashboard. expires_at is when a session ends unless
-- used again, so one comparison purges both kinds; a session from before this migration is an ordinary one.
ALTER TABLE sessions ADD COLUMN trusted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET expires_at = MIN(created_at + 43200000, last_seen_at + 7200000);
CREATE INDEX sessions_expires_at ON sessions (expires_at);
CREATE INDEX sessions_email ON sessions (email);
