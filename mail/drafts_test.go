package mail

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

// A mail queued with EnqueueDraft before a savepoint, and written inside
// it (by another mail queued there), is queued again when the savepoint is
// undone: a refused change takes its own mail with it, never one queued
// before it. The mails go in the order they were queued.
func TestDraftsSurviveAnUndoneSavepoint(t *testing.T) {
	ctx := context.Background()
	store, err := events.Open(filepath.Join(t.TempDir(), "taipan.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	o := &Outbox{Store: store, From: "taipan@example.test"}
	in := &Ingester{Outbox: o}
	draft := func(id string) *Draft {
		return &Draft{Kind: KindAck, Step: -1, To: "ann@example.test", Subject: "orders accepted", Body: "accepted\n", MessageID: id}
	}
	err = store.Update(ctx, func(tx *events.Tx) error {
		if err := o.EnqueueDraft(ctx, tx, func() *Draft { return draft("first@example.test") }); err != nil {
			return err
		}
		refused, err := in.savepoint(ctx, tx, "", true, func() error {
			if _, err := o.Enqueue(ctx, tx, draft("undone@example.test")); err != nil {
				return err
			}
			return adjudicator.Errorf(adjudicator.ECONFLICT, "refused after queueing a mail")
		})
		if err != nil {
			return err
		}
		if refused == nil {
			return errors.New("the change was not refused")
		}
		return o.EnqueueDraft(ctx, tx, func() *Draft { return draft("second@example.test") })
	})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := store.Query(ctx, `SELECT message_id FROM outbox ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := column(rows, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"first@example.test", "second@example.test"}; !slices.Equal(ids, want) {
		t.Errorf("outbox holds %v, want %v", ids, want)
	}
}
