-- Schema 8: grey press is held until its step closes, and then logged and
-- relayed with the close, so that its place and time in the log name
-- nobody (adjudicator/grey.go).
CREATE TABLE IF NOT EXISTS grey_press (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    held_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS grey_press_game ON grey_press (game_id);
