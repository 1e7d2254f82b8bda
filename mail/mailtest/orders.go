package mailtest

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/orders"
)

// OrderMails creates with host enough games of campaign to take n order
// mails, and returns those mails, the games' turns interleaved (each
// game's in its order), and the games' ids. campaign gives a game's
// campaign file from its id; its players mail from NAME@example.test, and
// its seed must be 64 hex digits (used as they are), so that every game
// has the deal of the first. The turns are the awaited players' default
// orders, played ahead in a scratch database; a game takes as many mails
// as it has turns. With n 0, it makes one game and all its turns.
func OrderMails(tb testing.TB, host *adjudicator.Host, n int, campaign func(id string) string) ([][]byte, []string) {
	tb.Helper()
	return OrderMailsOf(tb, host, n, campaign, nil)
}

// OrderMailsOf is OrderMails, calling created (when set) with each game
// made, as `taipan new` hands a new game's tokens to the mail gateway
// (mail.QueueTokens).
func OrderMailsOf(tb testing.TB, host *adjudicator.Host, n int, campaign func(id string) string, created func(*adjudicator.NewGame)) ([][]byte, []string) {
	tb.Helper()
	moves := turns(tb, host.Games, campaign("scratch"))
	if n <= 0 {
		n = len(moves)
	}
	games := (n + len(moves) - 1) / len(moves)
	perGame := make([][][]byte, games)
	var ids []string
	for i := range games {
		id := fmt.Sprintf("g%03d-%d", i, time.Now().UnixNano()%1e6)
		ids = append(ids, id)
		c, err := adjudicator.ParseCampaign([]byte(campaign(id)))
		if err != nil {
			tb.Fatal(err)
		}
		ng, err := host.Create(context.Background(), c)
		if err != nil {
			tb.Fatal(err)
		}
		if created != nil {
			created(ng)
		}
		for j, m := range moves {
			file := strings.NewReplacer("GAME", id, "TOKEN", ng.Tokens[m.player]).Replace(m.file)
			perGame[i] = append(perGame[i], []byte(fmt.Sprintf("From: %s@example.test\r\nTo: taipan@example.test\r\nSubject: %s turn %d\r\nMessage-ID: <%s.%d.orders@example.test>\r\nDate: %s\r\n\r\n%s",
				m.player, id, j+1, id, j, time.Now().Format(time.RFC1123Z), strings.ReplaceAll(file, "\n", "\r\n"))))
		}
	}
	var out [][]byte
	for j := 0; len(out) < n; j++ {
		for i := 0; i < games && len(out) < n; i++ {
			if j < len(perGame[i]) {
				out = append(out, perGame[i][j])
			}
		}
	}
	return out, ids
}

// turn is one turn of a game: who plays it, and the order file (GAME and
// TOKEN stand for the game's id and the player's token).
type turn struct{ player, file string }

// turns plays a game of campaign to its end in a scratch database, each
// turn with the awaited player's default orders, and returns the turns.
func turns(tb testing.TB, reg *adjudicator.Registry, campaign string) []turn {
	tb.Helper()
	st, err := events.Open(filepath.Join(tb.TempDir(), "scratch.db"))
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	h := &adjudicator.Host{Store: st, Games: reg}
	c, err := adjudicator.ParseCampaign([]byte(campaign))
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	ng, err := h.Create(ctx, c)
	if err != nil {
		tb.Fatal(err)
	}
	var out []turn
	for g := ng.Game; !g.Status.Finished && len(g.Awaiting()) > 0; {
		p := g.Awaiting()[0]
		generic, err := orders.Generic(g.Engine.Default(g.State, p))
		if err != nil {
			tb.Fatal(err)
		}
		body, err := yaml.Marshal(map[string]any{"orders": generic})
		if err != nil {
			tb.Fatal(err)
		}
		file := fmt.Sprintf("game: GAME\nplayer: %s\ntoken: TOKEN\nstep: %d\n%s", p, g.Step, body)
		env, err := orders.Parse([]byte(strings.NewReplacer("GAME", c.ID, "TOKEN", ng.Tokens[p]).Replace(file)))
		if err != nil {
			tb.Fatal(err)
		}
		r, err := h.Submit(ctx, env, adjudicator.SubmitOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, turn{p, file})
		g = r.Game
	}
	return out
}
