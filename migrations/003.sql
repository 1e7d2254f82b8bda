-- Schema 3: the games index, kept with the log so that ticks and listings
-- need not read every game's events.
CREATE TABLE IF NOT EXISTS games (
    game_id   TEXT PRIMARY KEY,
    engine    TEXT    NOT NULL,
    last_seq  INTEGER NOT NULL,
    last_hash TEXT    NOT NULL,
    step      INTEGER NOT NULL,
    phase     TEXT    NOT NULL,
    awaiting  TEXT    NOT NULL,
    deadline  TEXT,
    finished  INTEGER NOT NULL,
    paused    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_due ON games (finished, deadline);
