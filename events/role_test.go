package events_test

import (
	"context"
	"strings"
	"testing"

	"taipan/events"
	"taipan/events/pgtest"
)

// The stricter PostgreSQL set-up the README names: the role Taipan runs
// as may only SELECT and INSERT on events (the owner made the tables).
// Taipan opens the database as that role without any DDL, appends and
// reads, and the database refuses it any change to the log by privilege,
// before the triggers are even asked.
func TestPostgresInsertOnlyRole(t *testing.T) {
	url := pgtest.Get(t).NewDatabase(t)
	owner := openAt(t, url)
	appendN(t, owner, "g", 2)
	role := "taipan_" + url[strings.LastIndex(url, "/")+1:strings.Index(url, "?")]
	ctx := context.Background()
	for _, q := range []string{
		`CREATE ROLE ` + role + ` LOGIN`,
		`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ` + role,
		`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ` + role,
		`REVOKE UPDATE, DELETE, TRUNCATE ON events FROM ` + role,
	} {
		if _, err := owner.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { owner.Exec(ctx, `DROP OWNED BY `+role); owner.Exec(ctx, `DROP ROLE `+role) })
	app := openAt(t, strings.Replace(url, "postgres://postgres@", "postgres://"+role+"@", 1))
	appendN(t, app, "g", 3)
	evs, err := app.Events(ctx, "g")
	if err != nil || len(evs) != 5 || events.Verify(evs) != nil {
		t.Fatalf("as %s: %d events, %v", role, len(evs), err)
	}
	if dropped, err := app.Integrity(ctx); err != nil || len(dropped) != 0 {
		t.Errorf("as %s: integrity %v, %v", role, dropped, err)
	}
	for _, q := range []string{`UPDATE events SET payload = '{}' WHERE seq = 1`, `DELETE FROM events WHERE seq = 2`, `TRUNCATE events`} {
		if _, err := app.Exec(ctx, q); err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("as %s, %s: err = %v, want permission denied", role, q, err)
		}
	}
}
