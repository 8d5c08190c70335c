-- Status changes that tell the client wait here before they leave: for 10 s after the admin saves,
-- she can take the change back and nothing is sent. Kept in the database, not in memory, so a restart within those
-- seconds neither loses the mail nor sends one that was undone. One row a request: a second change within the window
-- replaces the first (the client only hears the latest) and keeps the status from before the first, which Undo
-- restores.
CREATE TABLE held_notifications (
  booking_id TEXT PRIMARY KEY,
  previous_status TEXT NOT NULL,
  status TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  send_after TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX held_notifications_due ON held_notifications (send_after);
