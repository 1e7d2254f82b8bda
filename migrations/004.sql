-- Schema 4: mail out exactly once (leases on outbox rows, secrets cleared
-- once sent), mail in answered with restraint (rate limits, digests, quiet
-- addresses, files per step), tokens mailed with the set-up report, and the
-- notices the mail gateway keeps track of.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN claimed_until TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN redacted BLOB;
ALTER TABLE inbox ADD COLUMN content TEXT NOT NULL DEFAULT '';
ALTER TABLE inbox ADD COLUMN reason TEXT NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS mail_rate (
    address TEXT    NOT NULL,
    hour    TEXT    NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    caused  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (address, hour)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mail_held (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient TEXT NOT NULL,
    line      TEXT NOT NULL,
    held_at   TEXT NOT NULL,
    digest    TEXT
);
CREATE TABLE IF NOT EXISTS mail_senders (
    address     TEXT    PRIMARY KEY,
    refusals    INTEGER NOT NULL DEFAULT 0,
    quiet_until TEXT    NOT NULL DEFAULT ''
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mail_files (
    game_id TEXT    NOT NULL,
    player  TEXT    NOT NULL,
    step    INTEGER NOT NULL,
    files   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, player, step)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mail_tokens (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mail_marks (
    game_id TEXT NOT NULL,
    mark    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (game_id, mark)
) WITHOUT ROWID;
