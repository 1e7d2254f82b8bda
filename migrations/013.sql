-- Schema 13: the host's club (adjudicator/substitute.go, identity.go):
-- its standby list, the people it knows across games by their addresses,
-- and the codes that confirm an address added to a person.
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
