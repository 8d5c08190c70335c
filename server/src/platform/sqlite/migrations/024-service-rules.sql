-- What a service asks of a booking: needs a consultation, the date fields' labels, the payment schedule,
-- as JSON text. NULL for a service stored before: its rules are derived as it is read
-- (shared/src/domain/legacy-service-rules.ts, which the Firestore home uses too), until she saves it with its own.
ALTER TABLE services ADD COLUMN rules TEXT;
