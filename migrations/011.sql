-- Schema 11: a player's private feeds (web/feeds.go): the hash of the key
-- in their addresses, one per player and game; making new addresses
-- replaces it, and the old ones stop working.
CREATE TABLE IF NOT EXISTS web_feeds (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    key_hash   TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;
