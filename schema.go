// Package taipan holds what the whole program shares at its root: the SQLite
// schema, embedded so that a binary carries it.
package taipan

import _ "embed"

// Schema is schema.sql: every table, index and trigger Taipan uses. Each
// statement is idempotent, so it is applied at every open.
//
//go:embed schema.sql
var Schema string
