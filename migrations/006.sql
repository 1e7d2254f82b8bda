-- Schema 6: nothing changes in SQLite. PostgreSQL databases gain the
-- triggers that announce new outbox rows and events to the workers that
-- listen (schema_postgres.sql), so that several `taipan serve` wake each
-- other; SQLite has one writer at a time, and its workers poll.
SELECT 1;
