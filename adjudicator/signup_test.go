package adjudicator_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/events"
	"taipan/events/pgtest"
	"taipan/orders"
)

// clubHost is a Host for the sign-up tests on the store at target (a
// SQLite file or a PostgreSQL URL), with a clock the test moves.
func clubHost(t *testing.T, target string) (*adjudicator.Host, *clock) {
	t.Helper()
	st, err := events.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = fixedEntropy("club test")
	c := &clock{t: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	return &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(dice{"1"}), Now: c.now}, c
}

func openGame(t *testing.T, h *adjudicator.Host, campaign string) *adjudicator.NewGame {
	t.Helper()
	c, err := adjudicator.ParseCampaign([]byte(campaign))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Open(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return ng
}

// entropy is a player's secret value and its commitment.
func entropy(who string) (value, commitment string) {
	v := sha256.Sum256([]byte("entropy of " + who))
	c := sha256.Sum256(v[:])
	return hex.EncodeToString(v[:]), hex.EncodeToString(c[:])
}

func inTx[T any](t *testing.T, h *adjudicator.Host, fn func(tx *events.Tx) (T, error)) (T, error) {
	t.Helper()
	var out T
	err := h.Store.Update(context.Background(), func(tx *events.Tx) error {
		var err error
		out, err = fn(tx)
		return err
	})
	return out, err
}

func join(t *testing.T, h *adjudicator.Host, r adjudicator.JoinRequest) (*adjudicator.Game, error) {
	t.Helper()
	return inTx(t, h, func(tx *events.Tx) (*adjudicator.Game, error) { return h.JoinTx(context.Background(), tx, r) })
}

func confirm(t *testing.T, h *adjudicator.Host, game, name, reveal string) (*adjudicator.Game, error) {
	t.Helper()
	return inTx(t, h, func(tx *events.Tx) (*adjudicator.Game, error) {
		return h.ConfirmTx(context.Background(), tx, game, name, reveal)
	})
}

const clubCampaign = `id: club-1
game: dice
options: {target: 2}
seats: 4
signup: 7d
muster: 2d
gm: gm@club.test
`

func TestSignUpMusterStart(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { signUpMusterStart(t, filepath.Join(t.TempDir(), "t.db")) })
	t.Run("postgres", func(t *testing.T) { signUpMusterStart(t, pgtest.Get(t).NewDatabase(t)) })
}

func signUpMusterStart(t *testing.T, target string) {
	ctx := context.Background()
	h, clk := clubHost(t, target)
	var started map[string]string
	h.OnSeated = func(ctx context.Context, tx *events.Tx, g *adjudicator.Game, tokens map[string]string) error {
		started = tokens
		return nil
	}
	ng := openGame(t, h, clubCampaign)
	if g := ng.Game; !g.Forming() || g.Status.Phase != adjudicator.PhaseSignUp || ng.Tokens[""] == "" {
		t.Fatalf("opened: forming %v, phase %q, GM token %q", g.Forming(), g.Status.Phase, ng.Tokens[""])
	}
	if _, err := inTx(t, h, func(tx *events.Tx) (int, error) { return 0, h.StandbyTx(ctx, tx, "eve@club.test", "eve") }); err != nil {
		t.Fatal(err)
	}
	prefs := map[string][]string{"ann": {"2"}, "ben": {"2", "1"}, "cid": {"1"}, "dan": nil}
	for _, name := range []string{"ann", "ben", "cid", "dan"} {
		_, c := entropy(name)
		if _, err := join(t, h, adjudicator.JoinRequest{Game: "club-1", Name: name, Email: name + "@club.test", Seats: prefs[name], Commitment: c, Via: "mail"}); err != nil {
			t.Fatalf("%s joins: %v", name, err)
		}
		if name == "ann" {
			// A second join from the same address is refused, and changes nothing.
			_, err := join(t, h, adjudicator.JoinRequest{Game: "club-1", Name: "anna", Email: "ann@club.test", Via: "mail"})
			if err == nil || !strings.Contains(err.Error(), "has already joined game club-1, as ann") {
				t.Fatalf("second join: %v", err)
			}
		}
		clk.t = clk.t.Add(time.Hour)
	}
	g, err := h.Game(ctx, "club-1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Status.Phase != adjudicator.PhaseMuster || len(g.Status.Pending) != 4 {
		t.Fatalf("after four joins: phase %q, pending %v", g.Status.Phase, g.Status.Pending)
	}
	// Full: a fifth is refused.
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "club-1", Name: "fay", Email: "fay@club.test"}); err == nil || !strings.Contains(err.Error(), "game club-1 is full") {
		t.Fatalf("join of a full game: %v", err)
	}
	// A reveal that does not match its commitment is refused.
	if _, err := confirm(t, h, "club-1", "ann", strings.Repeat("00", 32)); err == nil || !strings.Contains(err.Error(), "field reveal: it does not match") {
		t.Fatalf("wrong reveal: %v", err)
	}
	for _, name := range []string{"ann", "ben"} {
		v, _ := entropy(name)
		if _, err := confirm(t, h, "club-1", name, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := confirm(t, h, "club-1", "cid", ""); err != nil { // cid reveals nothing
		t.Fatal(err)
	}
	if _, err := confirm(t, h, "club-1", "cid", ""); err == nil || !strings.Contains(err.Error(), "already confirmed") {
		t.Fatalf("second confirm: %v", err)
	}
	// dan never confirms: at the muster's deadline he is dropped, and eve
	// is called from the standby list.
	clk.t = clk.t.Add(49 * time.Hour)
	if _, err := h.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	g, _ = h.Game(ctx, "club-1")
	if !g.Forming() || g.SignUp.Entrant("dan") != nil || g.SignUp.Entrant("eve") == nil || g.Status.Phase != adjudicator.PhaseMuster {
		t.Fatalf("after the muster deadline: %+v", g.SignUp)
	}
	if _, err := confirm(t, h, "club-1", "eve", ""); err != nil {
		t.Fatal(err)
	}
	g, _ = h.Game(ctx, "club-1")
	if g.Forming() || g.Step != 1 {
		t.Fatalf("the game did not start: %+v", g.Status)
	}
	if len(started) != 4 || started["eve"] == "" {
		t.Fatalf("tokens at the start: %v", started)
	}
	// A join after the start is refused.
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "club-1", Name: "gus", Email: "gus@club.test"}); err == nil || !strings.Contains(err.Error(), "has started") {
		t.Fatalf("join after muster: %v", err)
	}

	evs, err := h.Store.Events(ctx, "club-1")
	if err != nil {
		t.Fatal(err)
	}
	seats, seed := deriveIndependently(t, evs)
	if !slices.Equal(seats, g.Names()) {
		t.Errorf("seats %v, but the rule as the README writes it gives %v", g.Names(), seats)
	}
	if hex.EncodeToString(seed) != hex.EncodeToString(g.Seed) {
		t.Errorf("the seed derived from the log is not the game's")
	}
	if g.Names()[0] != "cid" {
		t.Errorf("cid alone asked for seat 1 first, but the seats are %v", g.Names())
	}
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Fatalf("audit: %v", err)
	}
	// The game plays on like any other.
	for _, name := range g.Names() {
		env := &orders.Envelope{Game: "club-1", Player: name, Token: started[name], Step: 1, Orders: []orders.Item{orders.With("pick", "3")}}
		if _, err := h.Submit(ctx, env, adjudicator.SubmitOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	g, _ = h.Game(ctx, "club-1")
	if g.Last.Step != 1 {
		t.Fatalf("step 1 did not close: %+v", g.Status)
	}
	// A log that records other seats is refused.
	forged := slices.Clone(evs)
	for i, e := range forged {
		if e.Kind == adjudicator.KindStarted {
			var p adjudicator.Started
			if err := json.Unmarshal(e.Payload, &p); err != nil {
				t.Fatal(err)
			}
			p.Players[0], p.Players[1] = p.Players[1], p.Players[0]
			forged[i].Payload, _ = json.Marshal(p)
		}
	}
	if _, err := adjudicator.Replay(h.Games, forged); err == nil || !strings.Contains(err.Error(), "the seat rule seats") {
		t.Errorf("a log with other seats replays: %v", err)
	}
}

// deriveIndependently re-derives, from the log's raw JSON alone, the game's
// seed and its seats as the README says, without the adjudicator's code:
// SHA-256 of the host's seed and the revealed values in sign-up order,
// checked against the recorded commitments, then the seat rule drawing
// from ChaCha8 keyed by SHA-256(seed ‖ 2^64−1).
func deriveIndependently(t *testing.T, evs []events.Event) ([]string, []byte) {
	t.Helper()
	var hostSeed []byte
	var hostCommit, gameCommit string
	type entrant struct {
		name, commitment string
		prefs            []int
		reveal           []byte
	}
	var es []*entrant
	find := func(n string) int {
		return slices.IndexFunc(es, func(e *entrant) bool { return e.name == n })
	}
	for _, e := range evs {
		var p map[string]any
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			t.Fatal(err)
		}
		switch e.Kind {
		case "game-opened":
			hostCommit = p["commitment"].(string)
		case "seed":
			hostSeed, _ = hex.DecodeString(p["seed"].(string))
		case "signed-up":
			en := &entrant{name: p["name"].(string)}
			en.commitment, _ = p["commitment"].(string)
			if ps, ok := p["prefs"].([]any); ok {
				for _, x := range ps {
					en.prefs = append(en.prefs, int(x.(float64)))
				}
			}
			es = append(es, en)
		case "left", "dropped":
			i := find(p["name"].(string))
			es = append(es[:i], es[i+1:]...)
		case "confirmed":
			if r, ok := p["reveal"].(string); ok {
				v, _ := hex.DecodeString(r)
				es[find(p["name"].(string))].reveal = v
			}
		case "game-started":
			gameCommit = p["commitment"].(string)
		}
	}
	if c := sha256.Sum256(hostSeed); hex.EncodeToString(c[:]) != hostCommit {
		t.Fatal("the host's seed does not match its commitment")
	}
	h := sha256.New()
	h.Write(hostSeed)
	for _, e := range es {
		if e.reveal != nil {
			if c := sha256.Sum256(e.reveal); hex.EncodeToString(c[:]) != e.commitment {
				t.Fatalf("%s's reveal does not match the commitment", e.name)
			}
			h.Write(e.reveal)
		}
	}
	seed := h.Sum(nil)
	if c := sha256.Sum256(seed); hex.EncodeToString(c[:]) != gameCommit {
		t.Fatalf("the derived seed's commitment %x is not the recorded %s", c, gameCommit)
	}
	key := sha256.New()
	key.Write(seed)
	key.Write(bytes.Repeat([]byte{0xff}, 8))
	var k [32]byte
	copy(k[:], key.Sum(nil))
	src := rand.NewChaCha8(k)
	draw := func(n int) int {
		limit := -((-uint64(n)) % uint64(n))
		for {
			x := src.Uint64()
			if limit == 0 || x < limit {
				return int(x % uint64(n))
			}
		}
	}
	n := len(es)
	seats := make([]string, n)
	seated := map[string]bool{}
	give := func(s int, c []*entrant) {
		pick := c[0]
		if len(c) > 1 {
			pick = c[draw(len(c))]
		}
		seats[s-1], seated[pick.name] = pick.name, true
	}
	for r := 0; r < n; r++ {
		for s := 1; s <= n; s++ {
			if seats[s-1] != "" {
				continue
			}
			var c []*entrant
			for _, e := range es {
				if !seated[e.name] && r < len(e.prefs) && e.prefs[r] == s {
					c = append(c, e)
				}
			}
			if len(c) > 0 {
				give(s, c)
			}
		}
	}
	for s := 1; s <= n; s++ {
		if seats[s-1] == "" {
			var c []*entrant
			for _, e := range es {
				if !seated[e.name] {
					c = append(c, e)
				}
			}
			give(s, c)
		}
	}
	return seats, seed
}

func TestSubstituteTakesASeatInCivilDisorder(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { substituteTakes(t, filepath.Join(t.TempDir(), "t.db")) })
	t.Run("postgres", func(t *testing.T) { substituteTakes(t, pgtest.Get(t).NewDatabase(t)) })
}

func substituteTakes(t *testing.T, target string) {
	ctx := context.Background()
	for _, approve := range []bool{false, true} {
		h, _ := clubHost(t, target)
		extra := "civil_disorder: 1\noptions: {target: 5}\n"
		id := "open-seat"
		if approve {
			extra += "substitutes: approve\n"
			id = "approved-seat"
		}
		c, err := adjudicator.ParseCampaign([]byte("id: " + id + "\ngame: dice\nplayers: [{name: ann, email: ann@x.test}, {name: ben, email: ben@x.test}]\nseed: fixed\n" + extra))
		if err != nil {
			t.Fatal(err)
		}
		ng, err := h.Create(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		take := func() (*adjudicator.TakeResult, error) {
			return inTx(t, h, func(tx *events.Tx) (*adjudicator.TakeResult, error) {
				return h.TakeTx(ctx, tx, id, "ben", "fay@x.test")
			})
		}
		if _, err := take(); err == nil || !strings.Contains(err.Error(), "not on the standby list") {
			t.Fatalf("a take from off the list: %v", err)
		}
		if _, err := inTx(t, h, func(tx *events.Tx) (int, error) { return 0, h.StandbyTx(ctx, tx, "fay@x.test", "fay") }); err != nil {
			t.Fatal(err)
		}
		if _, err := take(); err == nil || !strings.Contains(err.Error(), "is not free") {
			t.Fatalf("a take of a held seat: %v", err)
		}
		// ann plays, ben sends nothing: at the close he is in civil disorder.
		env := &orders.Envelope{Game: id, Player: "ann", Token: ng.Tokens["ann"], Step: 1, Orders: []orders.Item{orders.With("pick", "1")}}
		if _, err := h.Submit(ctx, env, adjudicator.SubmitOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := h.Close(ctx, id, adjudicator.ReasonGM); err != nil {
			t.Fatal(err)
		}
		r, err := take()
		if err != nil {
			t.Fatal(err)
		}
		if approve {
			if !r.Pending || r.Token != "" {
				t.Fatalf("a take the GM must approve: %+v", r)
			}
			if _, err := h.GM(ctx, id, adjudicator.GMAction{Action: "approve", Args: []string{"fay"}, Reason: "welcome"}); err != nil {
				t.Fatal(err)
			}
		} else if r.Pending || r.Token == "" {
			t.Fatalf("a take: %+v", r)
		}
		g, err := h.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := []adjudicator.Tenure{{Name: "ben", Email: "ben@x.test", From: 1, To: 1}, {Name: "fay", Email: "fay@x.test", From: 2}}
		got := g.TenureOf("fay")
		if len(got) != 2 || got[0].Name != want[0].Name || got[0].From != 1 || got[0].To != 1 || got[1].Name != "fay" || got[1].From != 2 || got[1].To != 0 {
			t.Errorf("tenure %+v, want %+v", got, want)
		}
		if p := g.Player("fay"); p == nil || p.Disorder || !g.IsPending("fay") {
			t.Errorf("fay holds the seat, out of civil disorder and awaited: %+v", p)
		}
		evs, _ := h.Store.Events(ctx, id)
		last := evs[len(evs)-1]
		if last.Kind != adjudicator.KindTaken || !strings.Contains(string(last.Payload), `"step":2`) {
			t.Errorf("the log's last event: %s %s", last.Kind, last.Payload)
		}
		if _, err := adjudicator.Audit(h.Games, evs); err != nil {
			t.Errorf("audit: %v", err)
		}
	}
}

// Refusals change nothing and say why: a closed sign-up, a gated game, a
// name taken, a seat the game does not have, a commitment that is not one.
func TestSignUpRefusals(t *testing.T) {
	ctx := context.Background()
	h, clk := clubHost(t, filepath.Join(t.TempDir(), "t.db"))
	openGame(t, h, "id: few\ngame: dice\nseats: 3\nsignup: 1d\n")
	openGame(t, h, "id: gated\ngame: dice\nseats: 2-4\njoin: [\"*@club.test\", boss@else.test]\n")
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "few", Name: "ann", Email: "ann@club.test"}); err != nil {
		t.Fatal(err)
	}
	before := map[string]int{}
	count := func(id string) int {
		evs, err := h.Store.Events(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return len(evs)
	}
	for _, id := range []string{"few", "gated"} {
		before[id] = count(id)
	}
	for _, c := range []struct {
		r    adjudicator.JoinRequest
		want string
	}{
		{adjudicator.JoinRequest{Game: "gated", Name: "gus", Email: "gus@else.test"}, "game gated takes sign-ups only from *@club.test, boss@else.test"},
		{adjudicator.JoinRequest{Game: "few", Name: "ANN", Email: "other@club.test"}, "field name: ann has already joined game few under that name"},
		{adjudicator.JoinRequest{Game: "few", Name: "bo", Email: "bo@club.test", Seats: []string{"4"}}, "field seats: 4 is not a seat of game few, whose seats are 1 to 3"},
		{adjudicator.JoinRequest{Game: "few", Name: "bo", Email: "bo@club.test", Commitment: "abc"}, `field entropy: "abc" is not a commitment`},
		{adjudicator.JoinRequest{Game: "few", Name: "gm", Email: "bo@club.test"}, "field name: player name \"gm\""},
	} {
		if _, err := join(t, h, c.r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("join %+v: %v; want %q", c.r, err, c.want)
		}
	}
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "gated", Name: "boss", Email: "Boss@else.test"}); err != nil {
		t.Errorf("an address the list names: %v", err)
	}
	before["gated"]++
	for id, n := range before {
		if got := count(id); got != n {
			t.Errorf("%s: %d events after the refusals, %d before", id, got, n)
		}
	}
	if _, err := confirm(t, h, "few", "ann", ""); err == nil || !strings.Contains(err.Error(), "is not mustering yet") {
		t.Errorf("a confirm before the muster: %v", err)
	}
	// The sign-up ends with one player of three: closed, without a game.
	clk.t = clk.t.Add(25 * time.Hour)
	if _, err := h.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	g, _ := h.Game(ctx, "few")
	if g.Status.Phase != adjudicator.PhaseCancelled || !g.Status.Finished {
		t.Fatalf("after the deadline: %+v", g.Status)
	}
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "few", Name: "bo", Email: "bo@club.test"}); err == nil || !strings.Contains(err.Error(), "game few is closed") {
		t.Errorf("a join of a closed game: %v", err)
	}
	evs, _ := h.Store.Events(ctx, "few")
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Errorf("audit of a closed sign-up: %v", err)
	}
}

// A muster that cannot fill its seats goes back to sign-up; with
// start_fewer the game starts with those who confirmed.
func TestMusterShortOfPlayers(t *testing.T) {
	ctx := context.Background()
	for _, fewer := range []bool{false, true} {
		h, clk := clubHost(t, filepath.Join(t.TempDir(), "t.db"))
		extra := ""
		if fewer {
			extra = "start_fewer: true\n"
		}
		openGame(t, h, "id: short\ngame: dice\nseats: 2-3\nmuster: 1d\n"+extra)
		for _, name := range []string{"ann", "ben", "cid"} {
			if _, err := join(t, h, adjudicator.JoinRequest{Game: "short", Name: name, Email: name + "@x.test"}); err != nil {
				t.Fatal(err)
			}
		}
		confirm(t, h, "short", "ann", "")
		confirm(t, h, "short", "ben", "")
		clk.t = clk.t.Add(25 * time.Hour)
		if _, err := h.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		g, _ := h.Game(ctx, "short")
		switch {
		case fewer && (g.Forming() || !slices.Equal(g.Names(), []string{"ann", "ben"}) && !slices.Equal(g.Names(), []string{"ben", "ann"})):
			t.Errorf("start_fewer: %v %+v", g.Names(), g.Status)
		case !fewer && (g.Status.Phase != adjudicator.PhaseSignUp || len(g.SignUp.Entrants) != 2 || g.SignUp.Confirmed() != 0):
			t.Errorf("back to sign-up: %+v", g.SignUp)
		}
	}
}

// Seats that differ: Shanghai Trader's nationalities as seat labels, which
// players prefer by name; the start writes each player's into the set-up,
// where the engine seats them.
func TestSeatLabelsAreNationalities(t *testing.T) {
	ctx := context.Background()
	st, err := events.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = fixedEntropy("labels")
	h := &adjudicator.Host{Store: st, Games: goldenRegistry()}
	openGame(t, h, "id: st\ngame: shanghai-trader\nseats: 3\nseat_labels: [British, French, American]\nseat_setup: nationalities\n")
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "st", Name: "dan", Email: "dan@x.test", Seats: []string{"Russian"}}); err == nil || !strings.Contains(err.Error(), `field seats: "Russian" is not a seat of game st: give seat numbers or British, French, American`) {
		t.Errorf("an unknown label: %v", err)
	}
	for _, name := range []string{"ann", "ben", "cid"} {
		seats := map[string][]string{"ann": {"american"}, "ben": {"French", "1"}, "cid": {"2"}}[name]
		if _, err := join(t, h, adjudicator.JoinRequest{Game: "st", Name: name, Email: name + "@x.test", Seats: seats}); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"ann", "ben", "cid"} {
		if _, err := confirm(t, h, "st", name, ""); err != nil {
			t.Fatal(err)
		}
	}
	g, err := h.Game(ctx, "st")
	if err != nil || g.Forming() {
		t.Fatalf("not started: %v", err)
	}
	// Round 1: seat 2 (French) has ben and cid, drawn; seat 3 (American) is ann's.
	if g.Names()[2] != "ann" {
		t.Errorf("seats %v: ann alone asked for American, seat 3", g.Names())
	}
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	view, err := r.View(g, "")
	if err != nil {
		t.Fatal(err)
	}
	for i, nat := range []string{"British", "French", "American"} {
		if !strings.Contains(view, "* "+g.Names()[i]+" ("+nat+")") {
			t.Errorf("%s, in seat %d, is not %s:\n%s", g.Names()[i], i+1, nat, view)
		}
	}
	evs, _ := h.Store.Events(ctx, "st")
	if _, err := adjudicator.Audit(h.Games, evs); err != nil {
		t.Errorf("audit: %v", err)
	}
}
