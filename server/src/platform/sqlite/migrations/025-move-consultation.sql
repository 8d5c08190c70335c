-- The client may ask to move her consultation too, beside the shoot's reschedule_date: the date she asked
-- for, '' while she has not. The admin's acceptance moves both, as asked.
ALTER TABLE booking_requests ADD COLUMN reschedule_consultation_date TEXT NOT NULL DEFAULT '';
