-- What a new request can collide with (ports.ts, confirmedDatesBetween): the confirmed bookings holding a day of a
-- range, found through these two partial indexes instead of a scan of every confirmed booking ever made. A shoot by its
-- last day (end_date, or date for a one-day shoot), a consultation by its day.
CREATE INDEX booking_requests_confirmed_last_day ON booking_requests ((CASE WHEN end_date <> '' THEN end_date ELSE date END))
  WHERE status = 'Confirmed';
CREATE INDEX booking_requests_confirmed_consultation ON booking_requests (consultation_date)
  WHERE status = 'Confirmed';
