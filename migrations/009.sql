-- Schema 9: a new token asked for by mail is made only once a code mailed
-- to the player's address on record comes back from it (mail/tokens.go).
CREATE TABLE IF NOT EXISTS mail_token_codes (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    asked_at   TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player, code_hash)
) WITHOUT ROWID;
