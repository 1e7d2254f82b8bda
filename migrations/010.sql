-- Schema 10: the games index names each game's people (game_people: its
-- players' addresses, its observers and its GM), so that the mail gateway
-- knows who plays where without reading the logs. The index is written
-- again from the logs, people and all.
CREATE TABLE IF NOT EXISTS game_people (
    game_id TEXT NOT NULL,
    address TEXT NOT NULL,
    role    TEXT NOT NULL,
    name    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, address, role, name)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS game_people_address ON game_people (address);
DELETE FROM games;
