-- Schema 2: log format 2 (a salt per event) and the integrity findings.
ALTER TABLE events ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN salt TEXT NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS integrity (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    detected_at TEXT NOT NULL,
    finding     TEXT NOT NULL
);
