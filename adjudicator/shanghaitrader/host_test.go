package shanghaitrader_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/adjudicator/shanghaitrader"
	"taipan/events"
	"taipan/orders"
)

// newHost opens a fresh store with a Host that plays Shanghai Trader, on
// a clock that moves an hour per event.
func newHost(tb testing.TB) *adjudicator.Host {
	tb.Helper()
	st, err := events.Open(filepath.Join(tb.TempDir(), "st.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	return &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(shanghaitrader.New()), Now: func() time.Time {
		now = now.Add(time.Hour)
		return now
	}}
}

// createGame creates a campaign of n players.
func createGame(tb testing.TB, h *adjudicator.Host, id string, n int, extra string) *adjudicator.NewGame {
	tb.Helper()
	var seats []string
	for i := range n {
		seats = append(seats, fmt.Sprintf("{name: p%d}", i+1))
	}
	c, err := adjudicator.ParseCampaign([]byte(fmt.Sprintf("id: %s\ngame: shanghai-trader\nplayers: [%s]\nseed: %s\n%s", id, strings.Join(seats, ", "), id, extra)))
	if err != nil {
		tb.Fatal(err)
	}
	ng, err := h.Create(context.Background(), c)
	if err != nil {
		tb.Fatal(err)
	}
	return ng
}

// TestCampaignOnAdjudicateAlone plays 6-player campaigns to their end with
// nothing but the GM's adjudicate (every step closed, everybody on the
// default orders), audits them, and draws every player's last report:
// the basic game (8 years of 4 Seasonal Turns and, from the second year,
// a Collusion Phase: 39 steps) and the advanced game (sudden death may
// end it sooner).
func TestCampaignOnAdjudicateAlone(t *testing.T) {
	for _, c := range []struct{ name, extra string }{{"basic", ""}, {"advanced", "options: {advanced: true}"}} {
		t.Run(c.name, func(t *testing.T) { adjudicateAlone(t, c.extra) })
	}
}

func adjudicateAlone(t *testing.T, extra string) {
	h := newHost(t)
	ctx := context.Background()
	ng := createGame(t, h, "st-defaults", 6, extra)
	g := ng.Game
	for closes := 0; !g.Status.Finished; closes++ {
		if closes > 5*8 {
			t.Fatalf("the campaign does not end after %d steps", closes)
		}
		var err error
		if g, _, err = h.Close(ctx, g.ID, adjudicator.ReasonGM); err != nil {
			t.Fatal(err)
		}
	}
	evs, err := h.Store.Events(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	audited, err := adjudicator.Audit(h.Games, evs)
	if err != nil {
		t.Fatalf("audit: %v", err)
	}
	if !audited.Status.Finished || extra == "" && audited.Step != 40 {
		t.Fatalf("audited game: finished %v after step %d", audited.Status.Finished, audited.Step-1)
	}
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append(g.Names(), "", engine.Observer) {
		text, err := r.Text(audited, p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, "THE GAME IS OVER") {
			t.Fatalf("%q's last report:\n%s", p, text)
		}
	}
}

// TestOrdersByTheHost submits order files through the Host: a refused one
// names its line and field and leaves no event; accepted ones close the
// step when everybody is in.
func TestOrdersByTheHost(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	ng := createGame(t, h, "st-orders", 3, "setup: {initiative: [p1, p2, p3]}")
	submit := func(p, text string) (*adjudicator.Receipt, error) {
		env, err := orders.Parse([]byte(fmt.Sprintf("game: st-orders\nplayer: %s\norders:\n%s", p, text)))
		if err != nil {
			t.Fatal(err)
		}
		env.Token = ng.Tokens[p]
		return h.Submit(ctx, env, adjudicator.SubmitOptions{})
	}
	before, _ := h.Store.Events(ctx, "st-orders")
	if _, err := submit("p1", "  - move: Nowhere Street\n"); err == nil || !strings.Contains(err.Error(), "line 4, field orders[1].move") {
		t.Fatalf("a move to nowhere: %v", err)
	}
	if after, _ := h.Store.Events(ctx, "st-orders"); len(after) != len(before) {
		t.Fatal("a refused order file left an event")
	}
	for _, p := range []string{"p1", "p2", "p3"} {
		rec, err := submit(p, "  - move: [auto Consulates]\n  - passport: roll\n")
		if err != nil {
			t.Fatal(err)
		}
		if p == "p3" && rec.Game.Step != 2 {
			t.Fatalf("the step did not close with every order in: step %d", rec.Game.Step)
		}
	}
}

// TestArrivalRefusedByTheHost: a file whose orders Check takes but that
// can never apply from where the player is arrives refused, with its line
// and field, and nothing is logged; the player's next file, which can
// apply, is accepted with the defaults it leaves named.
func TestArrivalRefusedByTheHost(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	ng := createGame(t, h, "arrival", 3, "setup: {initiative: [p1, p2, p3], players: {p1: {at: MAIL}}}")
	send := func(file string) (*adjudicator.Receipt, error) {
		items, err := orders.ParseList([]byte(file))
		if err != nil {
			t.Fatal(err)
		}
		return h.Submit(ctx, &orders.Envelope{Game: ng.Game.ID, Player: "p1", Token: ng.Tokens["p1"], Orders: items}, adjudicator.SubmitOptions{})
	}
	_, err := send("- move: stay\n- deposit: all but 40")
	var ae *adjudicator.Error
	if !errors.As(err, &ae) || ae.Code != adjudicator.EINVALID || len(ae.Orders) != 1 ||
		ae.Orders[0].Line != 1 || ae.Orders[0].Field != "orders[1].move" || !strings.Contains(ae.Orders[0].Msg, "this can never apply: stay: you are at North China Daily Mail") {
		t.Fatalf("move: stay at the Daily Mail: %v", err)
	}
	g, err := h.Game(ctx, ng.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Open["p1"]; ok {
		t.Fatal("the refused file was logged")
	}
	r, err := send("- move: The Bund\n- deposit: all but 40")
	if err != nil {
		t.Fatalf("a move that can apply: %v", err)
	}
	if len(r.Events) != 1 {
		t.Errorf("the accepted file logged %d events", len(r.Events))
	}
}

// TestVoidTakesTheOfferOffTheTable: the GM's void of a file that put an
// offer on the table takes the offer off with it, so that its addressee
// is no longer asked to answer it, and a replay of the log agrees.
func TestVoidTakesTheOfferOffTheTable(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	ng := createGame(t, h, "st-void", 3, "setup: {year: 2, collusion: true, initiative: [p1, p2, p3], players: {p1: {owns: [TP-02a]}, p2: {owns: [W-15a]}}}")
	rec := submitOrders(t, h, ng, "p1", "  - offer: {to: p2, give: [TP-02a], get: [W-15a]}\n")
	if got := rec.Game.Status.Answering; len(got) != 1 || got[0] != "p2" {
		t.Fatalf("answering after the offer: %q, want [p2]", got)
	}
	res, err := h.GM(ctx, "st-void", adjudicator.GMAction{Action: "void", Args: []string{"p1"}, Reason: "sent by mistake"})
	if err != nil {
		t.Fatal(err)
	}
	e := shanghaitrader.New()
	for _, g := range []*adjudicator.Game{res.Game, mustGame(t, h, "st-void")} {
		if got := g.Status.Answering; len(got) != 0 {
			t.Errorf("answering after the void: %q", got)
		}
		if got := e.Awaiting(g.State, "p2"); len(got) != 0 {
			t.Errorf("p2 still awaited for %q", got)
		}
	}
}

// submitOrders submits player's order file of ng's game, the entries of
// its orders: list as text, and fails the test if it is refused.
func submitOrders(t *testing.T, h *adjudicator.Host, ng *adjudicator.NewGame, player, entries string) *adjudicator.Receipt {
	t.Helper()
	env, err := orders.Parse([]byte(fmt.Sprintf("game: %s\nplayer: %s\norders:\n%s", ng.Game.ID, player, entries)))
	if err != nil {
		t.Fatal(err)
	}
	env.Token = ng.Tokens[player]
	rec, err := h.Submit(context.Background(), env, adjudicator.SubmitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func mustGame(t *testing.T, h *adjudicator.Host, id string) *adjudicator.Game {
	t.Helper()
	g, err := h.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestForkKeepsTheCampaignsData: a practice fork of a campaign that
// replaced the map's tables plays by them, as the original does (the
// state's JSON leaves them out, so the fork reads its state with the
// campaign's options), and its log audits clean.
func TestForkKeepsTheCampaignsData(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	ng := createGame(t, h, "st-data", 3, "options: {data: {years: [3, 3, 3, 3], start_cash: 150, costs: {trading-post: 25, warehouse: 30, factory: 40}}}")
	if _, _, err := h.Close(ctx, ng.Game.ID, adjudicator.ReasonGM); err != nil {
		t.Fatal(err)
	}
	f, err := h.Fork(ctx, adjudicator.ForkOptions{Game: ng.Game.ID, Player: "p1", Step: 1})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := h.Store.Events(ctx, f.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	audited, err := adjudicator.Audit(h.Games, evs)
	if err != nil {
		t.Fatalf("audit of the fork: %v", err)
	}
	for name, g := range map[string]*adjudicator.Game{"the fork": f.Game, "the fork's audit": audited} {
		s := g.State.(*shanghaitrader.State)
		if s.Custom == nil || s.LastYear != 3 {
			t.Errorf("%s plays by the embedded data (last year %d), not the campaign's", name, s.LastYear)
		}
		var cost string
		for _, d := range shanghaitrader.New().Options(g.State, "p1") {
			for _, c := range d.Choices {
				if c.Order == "buy: trading-post" {
					cost = c.Text
				}
			}
		}
		if !strings.HasPrefix(cost, "$25ooo") {
			t.Errorf("%s offers p1 a trading post at %q, not the campaign's $25ooo", name, cost)
		}
	}
}

// TestBotAnswersOffers: a bot's seat answers an offer made to it in the
// Collusion Phase, though its file was in before the offer came: it
// accepts a gift and declines to give its warehouse away for nothing,
// each answer logged as the bot's, so the offer neither lapses unanswered
// nor holds up the step, and the log audits clean.
func TestBotAnswersOffers(t *testing.T) {
	for _, c := range []struct {
		name, offer, answer string
	}{
		{"a gift", "{to: p2, give: [TP-02a]}", "accept"},
		{"a theft", "{to: p2, get: [W-15a]}", "decline"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHost(t)
			ctx := context.Background()
			camp, err := adjudicator.ParseCampaign([]byte(`id: st-bot-offer
game: shanghai-trader
players: [{name: p1}, {name: p2, bot: true}, {name: p3}]
seed: st-bot-offer
setup: {year: 2, collusion: true, initiative: [p1, p2, p3], players: {p1: {owns: [TP-02a]}, p2: {owns: [W-15a]}}}
`))
			if err != nil {
				t.Fatal(err)
			}
			ng, err := h.Create(ctx, camp)
			if err != nil {
				t.Fatal(err)
			}
			rec := submitOrders(t, h, ng, "p1", "  - offer: "+c.offer+"\n")
			if got := rec.Game.Status.Answering; len(got) != 0 {
				t.Errorf("still answering after the bot's turn: %q", got)
			}
			evs, err := h.Store.Events(ctx, "st-bot-offer")
			if err != nil {
				t.Fatal(err)
			}
			last := evs[len(evs)-1]
			if last.Kind != adjudicator.KindOrders || last.Actor != "p2" || !strings.Contains(string(last.Payload), `"bot":true`) || !strings.Contains(string(last.Payload), `{"`+c.answer+`":"p1"}`) {
				t.Fatalf("the log ends with %s by %s: %s; want the bot's %s: p1", last.Kind, last.Actor, last.Payload, c.answer)
			}
			g, _, err := h.Close(ctx, "st-bot-offer", adjudicator.ReasonGM)
			if err != nil {
				t.Fatal(err)
			}
			said := map[string]string{"accept": "p2 accepts p1's offer (", "decline": "p2 declines p1's offer ("}[c.answer]
			var lines []string
			for _, hp := range g.Last.Happenings {
				lines = append(lines, hp.Text)
			}
			if all := strings.Join(lines, "\n"); !strings.Contains(all, said) {
				t.Errorf("the Collusion Phase does not say %q:\n%s", said, all)
			}
			evs, err = h.Store.Events(ctx, "st-bot-offer")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := adjudicator.Audit(h.Games, evs); err != nil {
				t.Errorf("audit: %v", err)
			}
			// The bot's files are reproduced from its stream: both of the
			// Collusion Phase (the answer from the state with the offer on
			// the table), and its first of the next step.
			moves, err := adjudicator.BotMoves(h.Games, evs)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != 3 {
				t.Errorf("%d bot moves, want its first file, its answer and its file of the next step", len(moves))
			}
			for _, m := range moves {
				if !m.Same() {
					t.Errorf("the bot's move at event %d is not reproduced: logged %v, now %v (%v)", m.Seq, m.Logged, m.Now, m.Err)
				}
			}
		})
	}
}
