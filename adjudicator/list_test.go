package adjudicator_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"taipan/adjudicator"
)

// createDice makes dice game id with ann or zed in its first seat.
func createDice(t *testing.T, h *adjudicator.Host, id, first string) {
	t.Helper()
	c, err := adjudicator.ParseCampaign(fmt.Appendf(nil, "id: %s\ngame: dice\nplayers: [{name: %s, email: %s@example.test}, {name: ben, email: ben@example.test}]\noptions: {target: 2}\n", id, first, first))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
}

// ListGames pages through the index both ways, with the cursors of the
// neighbouring pages, leaves out the hidden games, filters by player (in
// any case) and title, and refuses a title or status it does not know;
// every game created moves the mark of Changes on.
func TestListGames(t *testing.T) {
	h, _ := newHost(t, "")
	ctx := context.Background()
	for i, id := range []string{"a1", "a2", "a3", "a4", "a5", "h1", "h2"} {
		before := h.Changes()
		createDice(t, h, id, []string{"ann", "zed"}[i%2])
		if h.Changes() == before {
			t.Fatalf("creating %s left the mark of changes at %d", id, before)
		}
	}
	hidden := func(id string) bool { return id[0] == 'h' }
	ids := func(p adjudicator.GamesPage) []string {
		var out []string
		for _, s := range p.Games {
			out = append(out, s.ID)
		}
		return out
	}
	page := func(q adjudicator.GamesQuery, want []string, prev, next string) adjudicator.GamesPage {
		t.Helper()
		q.Limit, q.Hidden = 2, hidden
		p, err := h.ListGames(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(p), want) || p.Prev != prev || p.Next != next {
			t.Fatalf("%+v: %v (prev %q, next %q); want %v (prev %q, next %q)", q, ids(p), p.Prev, p.Next, want, prev, next)
		}
		return p
	}
	page(adjudicator.GamesQuery{}, []string{"a1", "a2"}, "", "a2")
	page(adjudicator.GamesQuery{After: "a2"}, []string{"a3", "a4"}, "a3", "a4")
	page(adjudicator.GamesQuery{After: "a4"}, []string{"a5"}, "a5", "") // h1, h2 hidden
	page(adjudicator.GamesQuery{Before: "a5"}, []string{"a3", "a4"}, "a3", "a4")
	page(adjudicator.GamesQuery{Before: "a3"}, []string{"a1", "a2"}, "", "a2")
	page(adjudicator.GamesQuery{Player: "ZED"}, []string{"a2", "a4"}, "", "")
	page(adjudicator.GamesQuery{Title: "dice", Status: adjudicator.OpenForOrders, After: "a3"}, []string{"a4", "a5"}, "a4", "")
	page(adjudicator.GamesQuery{Status: adjudicator.FinishedStatus}, nil, "", "")

	for _, q := range []adjudicator.GamesQuery{{Title: "chess"}, {Status: "over"}} {
		if _, err := h.ListGames(ctx, q); adjudicator.ErrorCode(err) != adjudicator.EINVALID {
			t.Errorf("%+v: %v, want EINVALID", q, err)
		}
	}
}
