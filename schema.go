// Package taipan holds what the whole program shares at its root: the SQLite
// schema and its migrations, embedded so that a binary carries them.
package taipan

import (
	"embed"
	"fmt"
)

// Schema is schema.sql: every table, index and trigger Taipan uses, as this
// build writes them. Each statement is idempotent, so it is applied at every
// open.
//
//go:embed schema.sql
var Schema string

// SchemaPostgres is schema_postgres.sql: the same tables for PostgreSQL.
// PostgreSQL databases were first written at schema version 3, so there are
// no older ones to migrate.
//
//go:embed schema_postgres.sql
var SchemaPostgres string

//go:embed migrations/*.sql
var migrationFiles embed.FS

// SchemaVersion is the schema version this build writes, kept in the
// database's PRAGMA user_version. Version 1 is the schema of the builds
// before the version was recorded (user_version 0).
const SchemaVersion = 13

// Migration returns the SQL script that brings a database of schema
// version v-1 up to version v (2 <= v <= SchemaVersion).
func Migration(v int) (string, error) {
	b, err := migrationFiles.ReadFile(fmt.Sprintf("migrations/%03d.sql", v))
	if err != nil {
		return "", fmt.Errorf("no migration to schema version %d: %w", v, err)
	}
	return string(b), nil
}
