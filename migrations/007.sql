-- Schema 7: the running `taipan serve` processes (mail_serving), so that
-- migrate can tell a database that is still being served. Nothing a game
-- needs.
CREATE TABLE IF NOT EXISTS mail_serving (
    holder      TEXT PRIMARY KEY,
    started_at  TEXT NOT NULL,
    seen_at     TEXT NOT NULL,
    lease_until TEXT NOT NULL
) WITHOUT ROWID;
