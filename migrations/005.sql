-- Schema 5: the web site's logins. A session is a cookie's hash, bound to
-- the credential it was made from; a link is a one-time login mailed with
-- a report. Neither is needed to replay a game.
CREATE TABLE IF NOT EXISTS web_sessions (
    id_hash    TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS web_sessions_expiry ON web_sessions (expires_at);
CREATE TABLE IF NOT EXISTS web_links (
    code_hash  TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS web_links_expiry ON web_links (expires_at);
