-- Taipan's whole PostgreSQL schema as this build writes it: the same tables
-- as schema.sql (SQLite), in PostgreSQL's types. Every statement is
-- idempotent, so it is applied at every open (restoring a dropped trigger).
-- The schema version is kept in taipan_schema.
--
-- Every table has one owner, the package that alone writes it and declares
-- it (events.Tables, adjudicator.Tables, mail.Tables, web.Tables) with what
-- taipan migrate does with its rows: copied, imported as logs, or rebuilt.
-- A table added here without a declaration stops migrate (and its test).

CREATE TABLE IF NOT EXISTS taipan_schema (
    version INTEGER NOT NULL
);

-- The event log: the only table needed to recompute a game. Append-only.
CREATE TABLE IF NOT EXISTS events (
    game_id     TEXT    NOT NULL,
    seq         BIGINT  NOT NULL CHECK (seq >= 1),
    kind        TEXT    NOT NULL,
    actor       TEXT    NOT NULL,
    payload     TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL,
    prev_hash   TEXT    NOT NULL,
    hash        TEXT    NOT NULL,
    format      INTEGER NOT NULL DEFAULT 1,
    salt        TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seq)
);

CREATE OR REPLACE FUNCTION taipan_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only: % refused', TG_OP;
END
$$;

CREATE OR REPLACE TRIGGER events_no_update BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION taipan_append_only();
CREATE OR REPLACE TRIGGER events_no_delete BEFORE DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION taipan_append_only();
CREATE OR REPLACE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION taipan_append_only();

-- Operational tables below: mutable or disposable, never needed to replay.

CREATE TABLE IF NOT EXISTS integrity (
    id          BIGSERIAL PRIMARY KEY,
    detected_at TEXT NOT NULL,
    finding     TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS games (
    game_id   TEXT PRIMARY KEY,
    engine    TEXT    NOT NULL,
    last_seq  BIGINT  NOT NULL,
    last_hash TEXT    NOT NULL,
    step      INTEGER NOT NULL,
    phase     TEXT    NOT NULL,
    awaiting  TEXT    NOT NULL,
    deadline  TEXT,
    finished  INTEGER NOT NULL,
    paused    INTEGER NOT NULL DEFAULT 0
);
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
);
CREATE INDEX IF NOT EXISTS game_people_address ON game_people (address);

CREATE TABLE IF NOT EXISTS credentials (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
);

CREATE TABLE IF NOT EXISTS inbox (
    message_id  TEXT PRIMARY KEY,
    game_id     TEXT NOT NULL DEFAULT '',
    sender      TEXT NOT NULL DEFAULT '',
    outcome     TEXT NOT NULL,
    received_at TEXT NOT NULL,
    content     TEXT NOT NULL DEFAULT '',
    reason      TEXT NOT NULL DEFAULT ''
);

CREATE TABLE IF NOT EXISTS outbox (
    id          BIGSERIAL PRIMARY KEY,
    message_id  TEXT    NOT NULL UNIQUE,
    game_id     TEXT    NOT NULL DEFAULT '',
    recipient   TEXT    NOT NULL,
    subject     TEXT    NOT NULL,
    body        BYTEA   NOT NULL,
    created_at  TEXT    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT    NOT NULL,
    last_error  TEXT    NOT NULL DEFAULT '',
    sent_at     TEXT,
    kind        TEXT    NOT NULL DEFAULT '',
    step        INTEGER NOT NULL DEFAULT -1,
    failed_at   TEXT,
    claimed_by  TEXT    NOT NULL DEFAULT '',
    claimed_until TEXT  NOT NULL DEFAULT '',
    redacted    BYTEA
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (sent_at, next_try_at);
CREATE INDEX IF NOT EXISTS outbox_reports ON outbox (game_id, kind, step);

CREATE TABLE IF NOT EXISTS reminders (
    game_id TEXT    NOT NULL,
    step    INTEGER NOT NULL,
    player  TEXT    NOT NULL,
    sent_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, step, player)
);

-- Grey press waiting for its step to close (see schema.sql).
CREATE TABLE IF NOT EXISTS grey_press (
    id      BIGSERIAL PRIMARY KEY,
    game_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    held_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS grey_press_game ON grey_press (game_id);

-- The mail gateway's bookkeeping (see schema.sql).
CREATE TABLE IF NOT EXISTS mail_rate (
    address TEXT    NOT NULL,
    hour    TEXT    NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    caused  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (address, hour)
);
CREATE TABLE IF NOT EXISTS mail_held (
    id        BIGSERIAL PRIMARY KEY,
    recipient TEXT NOT NULL,
    line      TEXT NOT NULL,
    held_at   TEXT NOT NULL,
    digest    TEXT
);
CREATE TABLE IF NOT EXISTS mail_senders (
    address     TEXT    PRIMARY KEY,
    refusals    INTEGER NOT NULL DEFAULT 0,
    quiet_until TEXT    NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS mail_files (
    game_id TEXT    NOT NULL,
    player  TEXT    NOT NULL,
    step    INTEGER NOT NULL,
    files   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, player, step)
);
CREATE TABLE IF NOT EXISTS mail_tokens (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE TABLE IF NOT EXISTS mail_token_codes (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    asked_at   TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player, code_hash)
);
CREATE TABLE IF NOT EXISTS mail_marks (
    game_id TEXT NOT NULL,
    mark    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (game_id, mark)
);

-- The running `taipan serve` processes (see schema.sql).
CREATE TABLE IF NOT EXISTS mail_serving (
    holder      TEXT PRIMARY KEY,
    started_at  TEXT NOT NULL,
    seen_at     TEXT NOT NULL,
    lease_until TEXT NOT NULL
);

-- The web site's logins (see schema.sql).
CREATE TABLE IF NOT EXISTS web_sessions (
    id_hash    TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS web_sessions_expiry ON web_sessions (expires_at);
CREATE TABLE IF NOT EXISTS web_links (
    code_hash  TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX IF NOT EXISTS web_links_expiry ON web_links (expires_at);

-- A player's private feeds (web/feeds.go): the hash of the key in their
-- addresses; making new addresses replaces it.
CREATE TABLE IF NOT EXISTS web_feeds (
    game_id    TEXT NOT NULL,
    player     TEXT NOT NULL,
    key_hash   TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
);

-- The webhooks of a game (webhook/): its hooks, the deliveries owed, how
-- far each game has been told.
CREATE TABLE IF NOT EXISTS webhooks (
    game_id    TEXT NOT NULL,
    url        TEXT NOT NULL,
    format     TEXT NOT NULL,              -- discord, slack or json
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, url)
);
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
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (sent_at, next_at);
CREATE TABLE IF NOT EXISTS webhook_cursors (
    game_id  TEXT PRIMARY KEY,
    seq      INTEGER NOT NULL,             -- the last event told of
    deadline TEXT NOT NULL,                -- the deadline told of ("" none)
    paused   INTEGER NOT NULL
);

-- Several `taipan serve` on one database wake each other: a new outbox row
-- (taipan_outbox) and a new event (taipan_events, with its game's id) are
-- announced at commit to every worker that listens, whoever wrote them (a
-- worker, the command line, the web site). PostgreSQL sends one
-- notification per channel and payload per transaction. Nothing depends
-- on them for correctness: the workers also look on a timer.
CREATE OR REPLACE FUNCTION taipan_notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('taipan_outbox', '');
    RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER outbox_notify AFTER INSERT ON outbox
    FOR EACH STATEMENT EXECUTE FUNCTION taipan_notify_outbox();
CREATE OR REPLACE FUNCTION taipan_notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('taipan_events', NEW.game_id);
    RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER events_notify AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION taipan_notify_events();

-- The host's club (adjudicator/).
CREATE TABLE IF NOT EXISTS standby (
    address TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    since   TEXT NOT NULL                  -- events.SortableTime: first come, first called
);
CREATE TABLE IF NOT EXISTS identities (
    address TEXT PRIMARY KEY,
    person  TEXT NOT NULL,                 -- the person's first address
    since   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS identity_codes (
    address    TEXT NOT NULL,              -- the address to add
    person     TEXT NOT NULL,              -- the person it is added to
    code_hash  TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (address, code_hash)
);
