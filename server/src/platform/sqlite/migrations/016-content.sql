-- The admin hides a service without deleting it (a hidden service is neither listed nor bookable).
ALTER TABLE services ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
