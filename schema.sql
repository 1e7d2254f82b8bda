-- Taipan's whole SQLite schema as this build writes it. It is embedded into
-- the binary; a new database gets it whole, and every statement is
-- idempotent so that it is applied again at every open (restoring, say, a
-- dropped trigger). A database written by an older build is first brought
-- up to this schema by the migrations in migrations/, one schema version at
-- a time; the version is kept in PRAGMA user_version.
--
-- Every table has one owner, the package that alone writes it and declares
-- it (events.Tables, adjudicator.Tables, mail.Tables, web.Tables) with what
-- taipan migrate does with its rows: copied, imported as logs, or rebuilt.
-- A table added here without a declaration stops migrate (and its test).

-- The event log: the only table needed to recompute a game. Append-only.
CREATE TABLE IF NOT EXISTS events (
    game_id     TEXT    NOT NULL,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    kind        TEXT    NOT NULL,
    actor       TEXT    NOT NULL,
    payload     TEXT    NOT NULL,          -- canonical JSON
    recorded_at TEXT    NOT NULL,          -- RFC 3339, UTC
    prev_hash   TEXT    NOT NULL,          -- hex SHA-256 of the previous event ('' for seq 1)
    hash        TEXT    NOT NULL,          -- hex SHA-256, see events.Event.ComputeHash
    format      INTEGER NOT NULL DEFAULT 1, -- the log format (events.Format1, Format2)
    salt        TEXT    NOT NULL DEFAULT '', -- format 2: the key of the payload's commitment (hex)
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: UPDATE refused');
END;

CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: DELETE refused');
END;

-- Operational tables below: mutable or disposable, never needed to replay.

-- Signs that the database was altered behind Taipan's back, found when it
-- was opened (the append-only triggers dropped). Kept, so that every later
-- audit reports them, not only the first command after the change.
CREATE TABLE IF NOT EXISTS integrity (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    detected_at TEXT NOT NULL,
    finding     TEXT NOT NULL
);

-- The games index: one row per game, written in the same transaction as the
-- game's events by the Host, so that ticks and listings read one row per
-- game instead of every game's log. Derived, never needed to replay: a game
-- missing from it is indexed again from its log.
CREATE TABLE IF NOT EXISTS games (
    game_id   TEXT PRIMARY KEY,
    engine    TEXT    NOT NULL,            -- the engine version it plays
    last_seq  INTEGER NOT NULL,            -- the last event the row was made from
    last_hash TEXT    NOT NULL,
    step      INTEGER NOT NULL,            -- the open step; once over, the last closed one
    phase     TEXT    NOT NULL,
    awaiting  TEXT    NOT NULL,            -- the players awaited, comma-separated
    deadline  TEXT,                        -- when the clock closes the open step (deadline and grace; events.SortableTime), or NULL
    finished  INTEGER NOT NULL,
    paused    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_due ON games (finished, deadline);

-- The people of each game, written with its index row whenever its roster
-- changes: every player's address (role player, with the seat's name), its
-- observers (observer) and its GM (gm), in lower case. Derived, like the
-- index: rebuilt from the logs.
CREATE TABLE IF NOT EXISTS game_people (
    game_id TEXT NOT NULL,
    address TEXT NOT NULL,
    role    TEXT NOT NULL,
    name    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, address, role, name)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS game_people_address ON game_people (address);

-- Secrets of the players of each game. Only SHA-256 hashes of tokens are kept.
CREATE TABLE IF NOT EXISTS credentials (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,              -- player name, or '' for the game's GM
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;

-- Mail already taken in, by Message-ID, written in the same transaction as
-- the orders it carried (and the replies it caused) so that no mail is lost
-- or applied twice. The outcome says where the mail is filed: accepted and
-- command in Processed, rejected and ignored in Rejected.
CREATE TABLE IF NOT EXISTS inbox (
    message_id  TEXT PRIMARY KEY,
    game_id     TEXT NOT NULL DEFAULT '',
    sender      TEXT NOT NULL DEFAULT '',
    outcome     TEXT NOT NULL,             -- accepted, rejected, ignored, command
    received_at TEXT NOT NULL,
    content     TEXT NOT NULL DEFAULT '',  -- hex SHA-256 of what was read (sender, order file), to tell a corrected mail that reuses a Message-ID
    reason      TEXT NOT NULL DEFAULT ''   -- why it was refused or ignored (never a token), for the GM's digest
) WITHOUT ROWID;

-- Mail to send. A row is kept once sent (sent_at set): the report rows mark
-- which steps have been reported. A process sending a row first claims it
-- (claimed_by, claimed_until: a lease), so that two processes on one
-- database never send the same row. A mail carrying a secret (a token) has
-- its body without the secret in redacted, which replaces the body once the
-- mail is sent or given up.
CREATE TABLE IF NOT EXISTS outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id  TEXT    NOT NULL UNIQUE,   -- stable across retries; keys reports by (game, step, recipient)
    game_id     TEXT    NOT NULL DEFAULT '',
    recipient   TEXT    NOT NULL,
    subject     TEXT    NOT NULL,
    body        BLOB    NOT NULL,          -- the whole RFC 5322 message
    created_at  TEXT    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT    NOT NULL,
    last_error  TEXT    NOT NULL DEFAULT '',
    sent_at     TEXT,                      -- NULL until sent
    kind        TEXT    NOT NULL DEFAULT '', -- ack, reject, reply, report, reminder, notice, token, digest, gm-digest, deadline
    step        INTEGER NOT NULL DEFAULT -1, -- the step a report or reminder is about
    failed_at   TEXT,                      -- set when the server refused the mail for good
    claimed_by  TEXT    NOT NULL DEFAULT '', -- host:pid:nonce of the process sending it
    claimed_until TEXT  NOT NULL DEFAULT '', -- the claim's end (fixed-width UTC); '' unclaimed
    redacted    BLOB                       -- the body without its secrets; NULL when it has none
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (sent_at, next_try_at);
CREATE INDEX IF NOT EXISTS outbox_reports ON outbox (game_id, kind, step);

-- Reminders already sent, so a restart does not send one twice.
CREATE TABLE IF NOT EXISTS reminders (
    game_id TEXT    NOT NULL,
    step    INTEGER NOT NULL,
    player  TEXT    NOT NULL,
    sent_at TEXT    NOT NULL,              -- when the reminder was queued
    PRIMARY KEY (game_id, step, player)
) WITHOUT ROWID;

-- Answers sent per address and clock hour: as recipient (answers) and as
-- the sender whose mail caused them (caused). Taipan
-- answers at most limits.answers_per_hour each way; beyond, answers are
-- held for one digest.
CREATE TABLE IF NOT EXISTS mail_rate (
    address TEXT    NOT NULL,
    hour    TEXT    NOT NULL,              -- 2006-01-02T15, UTC
    answers INTEGER NOT NULL DEFAULT 0,
    caused  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (address, hour)
) WITHOUT ROWID;

-- Answers held back by the rate limit, one line each, until they go out
-- together in one digest mail (digest: its Message-ID; NULL until then).
CREATE TABLE IF NOT EXISTS mail_held (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient TEXT NOT NULL,
    line      TEXT NOT NULL,
    held_at   TEXT NOT NULL,
    digest    TEXT
);

-- Grey press waiting for its step to close (adjudicator/grey.go): it is
-- logged, and relayed, with the close, so that neither its place in the log
-- nor its time tells who sent it. A row is deleted in the transaction that
-- logs it; until then it is the only copy, so migrate and backup carry it.
CREATE TABLE IF NOT EXISTS grey_press (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL,
    payload TEXT NOT NULL,                 -- the press event's payload to be (canonical JSON), its sender inside
    held_at TEXT NOT NULL                  -- events.SortableTime
);
CREATE INDEX IF NOT EXISTS grey_press_game ON grey_press (game_id);

-- Refusals in a row to an address with no accepted file in between; after
-- limits.quiet_after of them it is not answered until quiet_until.
CREATE TABLE IF NOT EXISTS mail_senders (
    address     TEXT    PRIMARY KEY,
    refusals    INTEGER NOT NULL DEFAULT 0,
    quiet_until TEXT    NOT NULL DEFAULT ''
) WITHOUT ROWID;

-- Order files accepted by mail per player and step (limits.files_per_step).
CREATE TABLE IF NOT EXISTS mail_files (
    game_id TEXT    NOT NULL,
    player  TEXT    NOT NULL,
    step    INTEGER NOT NULL,
    files   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, player, step)
) WITHOUT ROWID;

-- Tokens of a new game waiting to be mailed with the set-up report (player
-- '' is the GM). A row is deleted in the transaction that queues its mail.
CREATE TABLE IF NOT EXISTS mail_tokens (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;

-- Codes that confirm a new token asked for by mail (mail/tokens.go): each
-- went only to the player's address on record, and the token is made anew
-- only when one comes back from it. Kept hashed; each works once, until
-- expires_at; rows past it are deleted.
CREATE TABLE IF NOT EXISTS mail_token_codes (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    code_hash  TEXT NOT NULL,              -- hex SHA-256 of the code
    asked_at   TEXT NOT NULL,
    expires_at TEXT NOT NULL,              -- events.SortableTime
    PRIMARY KEY (game_id, player, code_hash)
) WITHOUT ROWID;

-- What the mail gateway has done per game: the last deadline change it
-- told the players of, the last GM digest.
CREATE TABLE IF NOT EXISTS mail_marks (
    game_id TEXT NOT NULL,
    mark    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (game_id, mark)
) WITHOUT ROWID;

-- The `taipan serve` processes running on this database (mail/): each
-- keeps its row while it runs, renewed every minute (seen_at; lease_until
-- is when the row stops standing for a live process without a renewal),
-- and deletes it when it stops. migrate refuses to copy a database a serve is
-- still taking mail into. Not copied by migrate or needed to replay a game.
CREATE TABLE IF NOT EXISTS mail_serving (
    holder      TEXT PRIMARY KEY,          -- host:pid:random, as the outbox's leases name it
    started_at  TEXT NOT NULL,
    seen_at     TEXT NOT NULL,
    lease_until TEXT NOT NULL
) WITHOUT ROWID;

-- The web site's logins (web/). A session is the SHA-256 of a cookie's
-- random value, for one player ('' for the GM) of one game, bound to the
-- credential it was made from: a new token for the player ends it. A link
-- is the SHA-256 of a one-time login code mailed with a report; it is used
-- once (used_at) and expires. Rows past expires_at are deleted.
CREATE TABLE IF NOT EXISTS web_sessions (
    id_hash    TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token_hash TEXT NOT NULL,              -- credentials.token_hash when the session was made
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL               -- events.SortableTime
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS web_sessions_expiry ON web_sessions (expires_at);

CREATE TABLE IF NOT EXISTS web_links (
    code_hash  TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token_hash TEXT NOT NULL,              -- credentials.token_hash when the link was made
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,              -- events.SortableTime
    used_at    TEXT                        -- set when the link is used; it works once
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS web_links_expiry ON web_links (expires_at);

-- A player's private feeds (web/feeds.go): the hash of the key in their
-- addresses; making new addresses replaces it.
CREATE TABLE IF NOT EXISTS web_feeds (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    key_hash   TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;

-- The webhooks of a game (webhook/): its hooks, the deliveries owed, how
-- far each game has been told.
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

-- The host's club (adjudicator/): its standby list, the people it knows
-- across games by their addresses, and the codes that confirm an address
-- added to a person.
CREATE TABLE IF NOT EXISTS standby (
    address TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    since   TEXT NOT NULL                  -- events.SortableTime: first come, first called
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS identities (
    address TEXT PRIMARY KEY,
    person  TEXT NOT NULL,                 -- the person's first address
    since   TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS identity_codes (
    address    TEXT NOT NULL,              -- the address to add
    person     TEXT NOT NULL,              -- the person it is added to
    code_hash  TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (address, code_hash)
) WITHOUT ROWID;
