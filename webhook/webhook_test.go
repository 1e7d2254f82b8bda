package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/events/pgtest"
	"taipan/internal/testkit"
	"taipan/webhook"
)

func TestMain(m *testing.M) {
	testkit.Main(func() int {
		defer pgtest.StopShared()
		return m.Run()
	})
}

// endpoint is a loopback listener that records what is posted to it and
// answers with the status it is told (200 by default).
type endpoint struct {
	srv *httptest.Server

	mu     sync.Mutex
	posts  []post
	status []int // answers to give, in turn; then 200
}

type post struct {
	delivery string
	body     []byte
}

func newEndpoint(t *testing.T) *endpoint {
	e := &endpoint{}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		e.mu.Lock()
		defer e.mu.Unlock()
		code := http.StatusOK
		if len(e.status) > 0 {
			code, e.status = e.status[0], e.status[1:]
		}
		if code == http.StatusOK {
			e.posts = append(e.posts, post{r.Header.Get("X-Taipan-Delivery"), b})
		}
		w.WriteHeader(code)
	}))
	t.Cleanup(e.srv.Close)
	return e
}

func (e *endpoint) taken() []post {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]post(nil), e.posts...)
}

// world is a store with a two-player Trader game, its host on a settable
// clock, and a follower and a sender allowed to post to loopback.
type world struct {
	t      *testing.T
	host   *adjudicator.Host
	clock  time.Time
	follow *webhook.Follower
	send   *webhook.Sender
}

func newWorld(t *testing.T, target string) *world {
	st, err := events.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.Entropy = rand.NewChaCha8([32]byte{3})
	w := &world{t: t, clock: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	now := func() time.Time { return w.clock }
	w.host = &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(trader.New()), Now: now}
	camp, err := adjudicator.ParseCampaign([]byte("id: bourse-1\ngame: trader\nplayers: [alice, bob]\ndeadline: 72h\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.host.Create(context.Background(), camp); err != nil {
		t.Fatal(err)
	}
	w.follow = &webhook.Follower{Host: w.host, SiteURL: "https://games.example.test", Now: now}
	w.send = &webhook.Sender{Store: st, Client: webhook.NewClient(webhook.Config{AllowPrivate: true}), Now: now}
	return w
}

// round follows and sends once, as serve's loop does each tick.
func (w *world) round() (queued, sent int) {
	w.t.Helper()
	q, err := w.follow.Follow(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	s, err := w.send.SendDue(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	return q, s
}

func (w *world) gm(action string, args ...string) {
	w.t.Helper()
	if _, err := w.host.GM(context.Background(), "bourse-1", adjudicator.GMAction{Action: action, Args: args, Reason: "a test"}); err != nil {
		w.t.Fatal(err)
	}
}

// notices decodes the JSON notices an endpoint took.
func notices(t *testing.T, ps []post) []map[string]any {
	var out []map[string]any
	for _, p := range ps {
		var n map[string]any
		if err := json.Unmarshal(p.body, &n); err != nil {
			t.Fatalf("%v: %s", err, p.body)
		}
		out = append(out, n)
	}
	return out
}

func eachStore(t *testing.T, f func(t *testing.T, target string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "t.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, pgtest.Get(t).NewDatabase(t)) })
}

// A game's hooks hear of each step closed, with what is open next, and of
// the deadline moved, stopped and run again; each once, in every format,
// however often the loop runs; nothing of the game's past before the hook.
func TestHooksTellOfTurns(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		w := newWorld(t, target)
		plain, chat := newEndpoint(t), newEndpoint(t)
		ctx := context.Background()
		for _, h := range []struct{ url, format string }{{plain.srv.URL + "/hook", "json"}, {chat.srv.URL + "/api/webhooks/1/secret", "discord"}} {
			if err := webhook.Add(ctx, w.host.Store, "bourse-1", h.url, h.format, w.clock); err != nil {
				t.Fatal(err)
			}
		}
		if q, s := w.round(); q != 0 || s != 0 {
			t.Fatalf("a new hook was told the game's past: %d queued, %d sent", q, s)
		}
		for range 2 {
			if _, _, err := w.host.Close(ctx, "bourse-1", adjudicator.ReasonGM); err != nil {
				t.Fatal(err)
			}
			w.clock = w.clock.Add(time.Minute)
		}
		if q, s := w.round(); q != 4 || s != 4 {
			t.Fatalf("two steps closed: %d queued, %d sent, want 4 and 4", q, s)
		}
		ns := notices(t, plain.taken())
		if len(ns) != 2 || ns[0]["kind"] != "step-closed" || ns[0]["step"] != 1.0 || ns[1]["step"] != 2.0 || ns[1]["next_step"] != 3.0 {
			t.Fatalf("the JSON hook took %v", ns)
		}
		if _, ok := ns[1]["deadline"]; !ok || !strings.Contains(ns[1]["text"].(string), "Step 3 is open") || ns[1]["url"] != "https://games.example.test/games/bourse-1" {
			t.Errorf("the last notice does not say what is open: %v", ns[1])
		}
		for _, p := range chat.taken() {
			var d struct {
				Content         string
				AllowedMentions struct{ Parse []string } `json:"allowed_mentions"`
			}
			if err := json.Unmarshal(p.body, &d); err != nil || !strings.HasPrefix(d.Content, "bourse-1: step ") || d.AllowedMentions.Parse == nil {
				t.Errorf("the Discord hook took %s (%v)", p.body, err)
			}
		}

		w.gm("extend", "24h")
		w.gm("pause")
		w.gm("resume")
		// Three changes between two rounds are told as the state they
		// leave: running, to a new deadline.
		if q, _ := w.round(); q != 2 {
			t.Errorf("extend, pause and resume between two rounds queued %d, want one notice to each hook", q)
		}
		w.gm("extend", "12h")
		w.round()
		w.gm("pause")
		w.round()
		kinds := []string{}
		for _, n := range notices(t, plain.taken()) {
			kinds = append(kinds, n["kind"].(string))
		}
		if got := strings.Join(kinds, " "); got != "step-closed step-closed deadline deadline paused" {
			t.Errorf("the hook heard %s", got)
		}
		before := len(plain.taken()) + len(chat.taken())
		for range 3 {
			if q, s := w.round(); q != 0 || s != 0 {
				t.Errorf("nothing changed, yet %d queued and %d sent", q, s)
			}
		}
		seen := map[string]bool{}
		for _, p := range append(plain.taken(), chat.taken()...) {
			if p.delivery == "" || seen[p.delivery] {
				t.Errorf("delivery id %q missing or twice", p.delivery)
			}
			seen[p.delivery] = true
		}
		if len(seen) != before {
			t.Errorf("%d deliveries for %d posts", len(seen), before)
		}
		hooks, err := webhook.List(ctx, w.host.Store, "bourse-1")
		if err != nil || len(hooks) != 2 || hooks[0].Owed != 0 || hooks[0].Sent+hooks[1].Sent != before {
			t.Errorf("the hooks list %+v (%v)", hooks, err)
		}
		for _, h := range hooks {
			if strings.Contains(h.Shown(), "secret") || strings.Contains(h.Shown(), "/hook") {
				t.Errorf("a hook shown as %s shows its path", h.Shown())
			}
		}
	})
}

// A post the endpoint refuses is tried again later, with a longer wait
// each time, and taken once; the failure is listed meanwhile.
func TestHooksRetry(t *testing.T) {
	w := newWorld(t, filepath.Join(t.TempDir(), "t.db"))
	e := newEndpoint(t)
	e.status = []int{http.StatusInternalServerError, http.StatusTooManyRequests}
	ctx := context.Background()
	if err := webhook.Add(ctx, w.host.Store, "bourse-1", e.srv.URL, "slack", w.clock); err != nil {
		t.Fatal(err)
	}
	w.round()
	if _, _, err := w.host.Close(ctx, "bourse-1", adjudicator.ReasonGM); err != nil {
		t.Fatal(err)
	}
	if q, s := w.round(); q != 1 || s != 0 {
		t.Fatalf("queued %d, sent %d; want 1 queued, refused", q, s)
	}
	hooks, _ := webhook.List(ctx, w.host.Store, "bourse-1")
	if len(hooks) != 1 || hooks[0].Owed != 1 || !strings.Contains(hooks[0].Failed, "500") {
		t.Fatalf("after a refusal the hook lists %+v", hooks)
	}
	if _, s := w.round(); s != 0 {
		t.Fatal("tried again at once")
	}
	w.clock = w.clock.Add(30 * time.Second)
	if _, s := w.round(); s != 0 {
		t.Fatal("the second refusal counted as sent")
	}
	w.clock = w.clock.Add(30 * time.Second)
	if _, s := w.round(); s != 0 {
		t.Fatal("tried again before the doubled wait")
	}
	w.clock = w.clock.Add(30 * time.Second)
	if _, s := w.round(); s != 1 || len(e.taken()) != 1 {
		t.Fatalf("the third try: %d sent, %d taken", s, len(e.taken()))
	}
	var n struct{ Text string }
	if err := json.Unmarshal(e.taken()[0].body, &n); err != nil || !strings.HasPrefix(n.Text, "bourse-1: step 1 closed") {
		t.Errorf("the Slack hook took %s", e.taken()[0].body)
	}
}

// Two senders on one store post each delivery once: the claim is one
// statement.
func TestHooksOneSenderEach(t *testing.T) {
	eachStore(t, func(t *testing.T, target string) {
		w := newWorld(t, target)
		e := newEndpoint(t)
		ctx := context.Background()
		if err := webhook.Add(ctx, w.host.Store, "bourse-1", e.srv.URL, "json", w.clock); err != nil {
			t.Fatal(err)
		}
		w.round()
		for range 5 {
			if _, _, err := w.host.Close(ctx, "bourse-1", adjudicator.ReasonGM); err != nil {
				t.Fatal(err)
			}
		}
		if q, err := w.follow.Follow(ctx); err != nil || q != 5 {
			t.Fatalf("queued %d (%v)", q, err)
		}
		var wg sync.WaitGroup
		total := make([]int, 4)
		for i := range total {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := *w.send
				n, err := s.SendDue(ctx)
				if err != nil {
					t.Error(err)
				}
				total[i] = n
			}()
		}
		wg.Wait()
		if sum := total[0] + total[1] + total[2] + total[3]; sum != 5 || len(e.taken()) != 5 {
			t.Errorf("four senders sent %v, the endpoint took %d; want 5 in all", total, len(e.taken()))
		}
	})
}

// Posts go to public addresses only, unless the host allows others: the
// check is made on the address connected to.
func TestHooksRefusePrivateAddresses(t *testing.T) {
	w := newWorld(t, filepath.Join(t.TempDir(), "t.db"))
	e := newEndpoint(t)
	ctx := context.Background()
	w.send.Client = webhook.NewClient(webhook.Config{})
	if err := webhook.Add(ctx, w.host.Store, "bourse-1", e.srv.URL, "json", w.clock); err != nil {
		t.Fatal(err)
	}
	w.round()
	if _, _, err := w.host.Close(ctx, "bourse-1", adjudicator.ReasonGM); err != nil {
		t.Fatal(err)
	}
	if _, s := w.round(); s != 0 || len(e.taken()) != 0 {
		t.Fatal("a post reached a loopback address")
	}
	hooks, _ := webhook.List(ctx, w.host.Store, "bourse-1")
	if len(hooks) != 1 || !strings.Contains(hooks[0].Failed, "not a public one") {
		t.Errorf("the refusal is listed as %+v", hooks)
	}
	for _, bad := range []string{"ftp://example.test/x", "https://user:pw@example.test/x", "not a url at all\x7f", "https:///path"} {
		if err := webhook.Add(ctx, w.host.Store, "bourse-1", bad, "json", w.clock); err == nil {
			t.Errorf("hook %q accepted", bad)
		}
	}
	if err := webhook.Add(ctx, w.host.Store, "bourse-1", "https://example.test/x", "xml", w.clock); err == nil || !strings.Contains(err.Error(), "discord, slack, json") {
		t.Errorf("format xml: %v", err)
	}
	if err := webhook.Add(ctx, w.host.Store, "nope", "https://example.test/x", "json", w.clock); adjudicator.ErrorCode(err) != adjudicator.ENOTFOUND {
		t.Errorf("a hook for no game: %v", err)
	}
	if err := webhook.Remove(ctx, w.host.Store, "bourse-1", e.srv.URL); err != nil {
		t.Fatal(err)
	}
	if hooks, _ := webhook.List(ctx, w.host.Store, "bourse-1"); len(hooks) != 0 {
		t.Errorf("a removed hook is listed: %+v", hooks)
	}
}

// Which addresses are public.
func TestPublicAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"93.184.216.34": true, "2606:4700::1111": true,
		"127.0.0.1": false, "::1": false, "10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false,
		"169.254.169.254": false, "fe80::1": false, "fc00::1": false, "100.64.0.1": false, "0.0.0.0": false,
		"224.0.0.1": false, "::ffff:127.0.0.1": false,
	} {
		if got := webhook.Public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("%s public: %v, want %v", addr, got, want)
		}
	}
}
