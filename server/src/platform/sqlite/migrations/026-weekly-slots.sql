-- Her weekly consultation hours, as the slots they are split into: every weekday (0 Sunday to 6 Saturday)
-- from start_time to end_time, in the studio's time zone. A date with time_slots of its own uses those instead; only a
-- consultation takes a weekly slot (a shoot keeps its whole day).
CREATE TABLE weekly_slots (
  id TEXT PRIMARY KEY,
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (weekday, start_time)
);

-- A consultation waiting for her answer holds its slot too (two clients cannot take one slot), so the
-- collision read of a new request (ports.ts, confirmedDatesBetween) also finds the open requests' consultation slots,
-- through this partial index like the confirmed ones of migration 022.
CREATE INDEX booking_requests_open_consultation_slot ON booking_requests (consultation_date)
  WHERE status IN ('New', 'Contacted') AND consultation_time <> '';
