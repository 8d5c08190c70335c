-- GET /api/health proves that the database takes writes by writing this one row (server/src/routes/health.ts).
CREATE TABLE health_probe (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  written_at TEXT NOT NULL
);
