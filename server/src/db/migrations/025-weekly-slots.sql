-- Her weekly consultation hours (issue 27), as the slots they are split into: every weekday (0 Sunday to 6 Saturday)
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
