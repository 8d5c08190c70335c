-- A consultation move names its slot too: the time the client asked for on reschedule_consultation_date,
-- '' for a day without slots. It holds nothing until she accepts; accepting checks that the slot is still free.
ALTER TABLE booking_requests ADD COLUMN reschedule_consultation_time TEXT NOT NULL DEFAULT '';
