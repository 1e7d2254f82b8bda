-- Schema 12: the webhooks of a game (webhook/): the URLs the GM hooked to
-- it, the deliveries owed to them, and how far each game has been told.
CREATE TABLE IF NOT EXISTS webhooks (
    game_id    TEXT NOT NULL,
    url        TEXT NOT NULL,
    format     TEXT NOT NULL,              -- discord, slack or json
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, url)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS webhook_deliveries (
    id         TEXT PRIMARY KEY,           -- game, event and hook: the same change to the same hook is one delivery
    game_id    TEXT NOT NULL,
    url        TEXT NOT NULL,
    format     TEXT NOT NULL,
    body       TEXT NOT NULL,
    queued_at  TEXT NOT NULL,
    next_at    TEXT NOT NULL,              -- events.SortableTime: when it may be tried (or its claim runs out)
    attempts   INTEGER NOT NULL DEFAULT 0,
    sent_at    TEXT,                       -- set once the endpoint took it
    failed     TEXT                        -- the last failure, shown by taipan hook list
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (sent_at, next_at);
CREATE TABLE IF NOT EXISTS webhook_cursors (
    game_id  TEXT PRIMARY KEY,
    seq      INTEGER NOT NULL,             -- the last event told of
    deadline TEXT NOT NULL,                -- the deadline told of ("" none)
    paused   INTEGER NOT NULL
) WITHOUT ROWID;
