package main_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"taipan/events/pgtest"
	"taipan/mail"
)

// clubCampaign opens a four-seat Trader game for sign-up.
const clubCampaign = `id: club-1
game: trader
seats: 4
signup: 7d
muster: 2d
gm: gm@club.test
seed: "club cli test"
`

// The check: a game opened for sign-up, four players joining by
// mail through serve's embedded listener with seat preferences and
// entropy, one failing to muster (the GM closes the muster) and replaced
// from the standby list, the game starting, the tokens mailed with the
// set-up report, the seats as the README's rule says, the seed derived
// from the exported log by this test's own code, the audit clean; and the
// refusals of a second join, a full game, a gated game and a join after
// the start, each with its reason.
func TestClubSignUpByMail(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { clubSignUpByMail(t, &cli{t: t, db: filepath.Join(t.TempDir(), "taipan.db")}) })
	t.Run("postgres", func(t *testing.T) { clubSignUpByMail(t, &cli{t: t, db: pgtest.Get(t).NewDatabase(t)}) })
}

func clubSignUpByMail(t *testing.T, c *cli) {
	out := c.ok(clubCampaign, "open", "-")
	gmTok := regexp.MustCompile(`GM token \(shown once; only its hash is kept\): ([0-9a-f]{32})`).FindStringSubmatch(out)
	if gmTok == nil || !strings.Contains(out, "Sign-up: sign-up; 0 of 4 seats taken.") {
		t.Fatalf("taipan open:\n%s", out)
	}
	c.ok(`id: gated-1
game: trader
seats: 2-4
join: ["*@club.test"]
`, "open", "-")
	dir := t.TempDir()
	p := startServe(t, c.db, writeConfig(t, fmt.Sprintf("address: taipan@club.test\ntick: 1s\nembedded: {listen: 127.0.0.1:0, maildir: %q}\n", dir)))
	addr := p.listener(t)
	n := 0
	send := func(from, body string) {
		t.Helper()
		n++
		raw := fmt.Sprintf("From: %s\r\nTo: taipan@club.test\r\nSubject: club %d\r\nMessage-ID: <club%d@club.test>\r\n\r\n%s", from, n, n, strings.ReplaceAll(body, "\n", "\r\n"))
		if err := mail.SendTo(addr, from, []string{"taipan@club.test"}, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	// reply waits for the answer to mail number n to from, and returns it.
	reply := func(from string) string {
		t.Helper()
		subject := fmt.Sprintf("Re: club %d", n)
		return plainText(t, waitMaildir(t, filepath.Join(dir, from), subject, func(raw []byte) bool { return header(raw, "Subject") == subject }))
	}
	values := map[string]string{}
	commit := func(who string) string {
		v := sha256.Sum256([]byte("entropy of " + who))
		values[who] = hex.EncodeToString(v[:])
		h := sha256.Sum256(v[:])
		return hex.EncodeToString(h[:])
	}

	send("eve@club.test", "command: standby eve\n")
	if r := reply("eve@club.test"); !strings.Contains(r, "is on the standby list, as eve") {
		t.Fatalf("standby:\n%s", r)
	}
	prefs := map[string]string{"ann": "[2]", "ben": "[2, 1]", "cid": "[1]", "dan": "[3]"}
	for _, who := range []string{"ann", "ben", "cid", "dan"} {
		send(who+"@club.test", fmt.Sprintf("command: join club-1\nname: %s\nseats: %s\nentropy: %s\n", who, prefs[who], commit(who)))
		if r := reply(who + "@club.test"); !strings.Contains(r, "You have joined game club-1 as "+who) {
			t.Fatalf("%s's join:\n%s", who, r)
		}
		if who == "ann" {
			send("ann@club.test", "command: join club-1\nname: anna\n")
			if r := reply("ann@club.test"); !strings.Contains(r, "ann@club.test has already joined game club-1, as ann") {
				t.Errorf("a second join:\n%s", r)
			}
		}
	}
	// Full: the muster runs.
	send("fay@club.test", "command: join club-1\nname: fay\n")
	if r := reply("fay@club.test"); !strings.Contains(r, "game club-1 is full") {
		t.Errorf("a join of a full game:\n%s", r)
	}
	// Anyone may ask which games are open for sign-up.
	send("fay@club.test", "command: games\n")
	if r := reply("fay@club.test"); !strings.Contains(r, "club-1 (trader): 4 of 4 seats taken; full, mustering until") || !strings.Contains(r, "gated-1 (trader): 0 of 2-4 seats taken; sign-up until") {
		t.Errorf("command: games:\n%s", r)
	}
	// Gated: only *@club.test may join gated-1.
	send("gus@elsewhere.test", "command: join gated-1\nname: gus\n")
	if r := reply("gus@elsewhere.test"); !strings.Contains(r, "game gated-1 takes sign-ups only from *@club.test") {
		t.Errorf("a join of a gated game:\n%s", r)
	}
	// Every player is called to confirm.
	waitMaildir(t, filepath.Join(dir, "dan@club.test"), "dan's call to muster", func(raw []byte) bool {
		return strings.Contains(header(raw, "Subject"), "[club-1] confirm by")
	})
	for _, who := range []string{"ann", "ben"} {
		send(who+"@club.test", fmt.Sprintf("command: confirm club-1\nreveal: %s\n", values[who]))
		if r := reply(who + "@club.test"); !strings.Contains(r, "Your entropy is revealed") {
			t.Fatalf("%s's confirm:\n%s", who, r)
		}
	}
	send("cid@club.test", "command: confirm club-1\nreveal: "+strings.Repeat("ab", 32)+"\n")
	if r := reply("cid@club.test"); !strings.Contains(r, "field reveal: it does not match the commitment") {
		t.Errorf("a wrong reveal:\n%s", r)
	}
	send("cid@club.test", "command: confirm club-1\n") // cid keeps his value to himself
	reply("cid@club.test")
	// dan never confirms: the GM closes the muster by mail, dan is
	// dropped, eve called from the standby list.
	send("gm@club.test", fmt.Sprintf("game: club-1\nplayer: gm\ntoken: %s\ncommand: gm close\nreason: dan did not answer\n", gmTok[1]))
	if r := reply("gm@club.test"); !strings.Contains(r, "Done: gm close") {
		t.Fatalf("the GM's close:\n%s", r)
	}
	call := string(waitMaildir(t, filepath.Join(dir, "eve@club.test"), "eve's call", func(raw []byte) bool {
		return strings.Contains(header(raw, "Subject"), "[club-1] confirm by")
	}))
	if !strings.Contains(call, "called from the standby list") {
		t.Errorf("eve's call:\n%s", call)
	}
	send("eve@club.test", "command: confirm club-1\n")
	reply("eve@club.test")
	// The game starts: every player's token comes with the set-up report.
	toks := map[string]string{}
	for _, who := range []string{"ann", "ben", "cid", "eve"} {
		raw := waitMaildir(t, filepath.Join(dir, who+"@club.test"), who+"'s token", func(raw []byte) bool {
			return strings.Contains(string(raw), "Your token for game club-1 ("+who+") is:")
		})
		m := regexp.MustCompile(`Your token for game club-1 \(\w+\) is:\s+([0-9a-f]{32})`).FindStringSubmatch(strings.ReplaceAll(string(raw), "\r\n", "\n"))
		if m == nil {
			t.Fatalf("no token in %s's mail", who)
		}
		toks[who] = m[1]
	}
	if _, err := os.Stat(filepath.Join(dir, "dan@club.test", "new")); err != nil {
		t.Fatal(err)
	}
	send("gus@club.test", "command: join club-1\nname: gus\n")
	if r := reply("gus@club.test"); !strings.Contains(r, "game club-1 has started") {
		t.Errorf("a join after the muster:\n%s", r)
	}
	// The seats and the seed, from the exported log by this test's code.
	log := c.ok("", "export", "club-1")
	seats, seed, commitment := rederive(t, log)
	status := c.ok("", "status", "club-1")
	if !strings.Contains(status, "players "+strings.Join(seats, ", ")) {
		t.Errorf("the seats are not the rule's %v:\n%s", seats, status)
	}
	if seats[0] != "cid" {
		t.Errorf("cid alone asked first for seat 1: %v", seats)
	}
	if c := sha256.Sum256(seed); hex.EncodeToString(c[:]) != commitment {
		t.Errorf("the seed derived from the log does not match the game's commitment")
	}
	if audit := c.ok("", "audit", "club-1"); !strings.Contains(audit, "Audit passed") {
		t.Errorf("audit:\n%s", audit)
	}
	// A third party replays the exported log on its own, and checks the
	// chain of the public one (which withholds the host's seed and the
	// addresses while the game runs).
	logFile := filepath.Join(t.TempDir(), "club-1.jsonl")
	os.WriteFile(logFile, []byte(log), 0o600)
	if audit := newCLI(t).ok("", "audit", "--file", logFile); !strings.Contains(audit, "Audit passed") {
		t.Errorf("audit --file:\n%s", audit)
	}
	public := c.ok("", "export", "club-1", "--public")
	if strings.Contains(public, "ann@club.test") || strings.Contains(public, `"seed":"`) {
		t.Errorf("the public export of a running open game shows an address or the seed")
	}
	os.WriteFile(logFile, []byte(public), 0o600)
	if audit := newCLI(t).ok("", "audit", "--file", logFile); !strings.Contains(audit, "Chain verified") {
		t.Errorf("audit --file of the public export:\n%s", audit)
	}
	if players := c.ok("", "players"); !strings.Contains(players, "eve@club.test") || strings.Contains(players, "dan@club.test") {
		t.Errorf("taipan players:\n%s", players)
	}
	// The GM opens the next game by mail; a stranger cannot.
	send("gus@club.test", "command: open\nid: club-3\ngame: trader\nseats: 2\n")
	if r := reply("gus@club.test"); !strings.Contains(r, "a game is opened by mail only from the address of a GM") {
		t.Errorf("a stranger's open:\n%s", r)
	}
	send("gm@club.test", "command: open\nid: club-2\ngame: trader\nseats: 2-3\nsignup: 3d\nplayer: x\n")
	if r := reply("gm@club.test"); !strings.Contains(r, `line 6: "player" is not a campaign key; did you mean "players"?`) {
		t.Errorf("a campaign with a mistake, by mail:\n%s", r)
	}
	send("gm@club.test", "command: open\nid: club-2\ngame: trader\nseats: 2-3\nsignup: 3d\n")
	if r := reply("gm@club.test"); !strings.Contains(r, "Opened game club-2 (trader) for sign-up: 2-3 seats") || !regexp.MustCompile(`token: [0-9a-f]{32}`).MatchString(r) {
		t.Errorf("the GM's open by mail:\n%s", r)
	}
	if st := c.ok("", "status", "club-2"); !strings.Contains(st, "Sign-up: sign-up; 0 of 2-3 seats taken.") {
		t.Errorf("status of the game opened by mail:\n%s", st)
	}
	// ann adds an address of hers: a code goes there, and comes back.
	send("ann@club.test", "command: also ann@home.test\n")
	if r := reply("ann@club.test"); !strings.Contains(r, "A code went to ann@home.test") {
		t.Fatalf("also:\n%s", r)
	}
	code := regexp.MustCompile(`command: also ([0-9a-f]{12})`).FindStringSubmatch(string(waitMaildir(t, filepath.Join(dir, "ann@home.test"), "the code", func(raw []byte) bool {
		return header(raw, "Subject") == "[taipan] confirm an address"
	})))
	if code == nil {
		t.Fatal("no code in the mail to ann@home.test")
	}
	send("ann@home.test", "command: also 000000000000\n")
	if r := reply("ann@home.test"); !strings.Contains(r, "that code is wrong or has expired") {
		t.Errorf("a wrong code:\n%s", r)
	}
	send("ann@home.test", "command: also "+code[1]+"\n")
	if r := reply("ann@home.test"); !strings.Contains(r, "ann@home.test is now an address of ann@club.test") {
		t.Fatalf("the code back:\n%s", r)
	}
	if who := c.ok("", "players", "ann@home.test"); !strings.Contains(who, "ann@club.test, ann@home.test") || !strings.Contains(who, "club-1 (ann)") {
		t.Errorf("taipan players ann@home.test:\n%s", who)
	}
}

// rederive reads an exported log (JSON Lines) and derives the game's seats
// and seed as the README says, without Taipan's code: the seed is
// SHA-256(host seed ‖ revealed values in sign-up order), the seats the
// rule drawing from ChaCha8 keyed by SHA-256(seed ‖ 2^64−1).
func rederive(t *testing.T, log string) (seats []string, seed []byte, commitment string) {
	t.Helper()
	type entrant struct {
		name   string
		prefs  []int
		reveal []byte
	}
	var es []*entrant
	var hostSeed []byte
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		var e struct {
			Kind    string          `json:"kind"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		var p struct {
			Seed, Name, Reveal, Commitment string
			Prefs                          []int
		}
		json.Unmarshal(e.Payload, &p)
		at := slices.IndexFunc(es, func(x *entrant) bool { return x.name == p.Name })
		switch e.Kind {
		case "seed":
			hostSeed, _ = hex.DecodeString(p.Seed)
		case "signed-up":
			es = append(es, &entrant{name: p.Name, prefs: p.Prefs})
		case "left", "dropped":
			es = slices.Delete(es, at, at+1)
		case "confirmed":
			es[at].reveal, _ = hex.DecodeString(p.Reveal)
		case "game-started":
			commitment = p.Commitment
		}
	}
	h := sha256.New()
	h.Write(hostSeed)
	for _, e := range es {
		h.Write(e.reveal) // nil for one who revealed nothing: left out
	}
	seed = h.Sum(nil)
	key := sha256.Sum256(append(slices.Clone(seed), bytes.Repeat([]byte{0xff}, 8)...))
	src := rand.NewChaCha8(key)
	draw := func(n int) int {
		limit := -((-uint64(n)) % uint64(n))
		for {
			if x := src.Uint64(); limit == 0 || x < limit {
				return int(x % uint64(n))
			}
		}
	}
	seats = make([]string, len(es))
	taken := map[string]bool{}
	give := func(s int, from []*entrant) {
		if len(from) == 0 {
			return
		}
		pick := from[0]
		if len(from) > 1 {
			pick = from[draw(len(from))]
		}
		seats[s], taken[pick.name] = pick.name, true
	}
	for r := range es {
		for s := range seats {
			if seats[s] == "" {
				var from []*entrant
				for _, e := range es {
					if !taken[e.name] && r < len(e.prefs) && e.prefs[r] == s+1 {
						from = append(from, e)
					}
				}
				give(s, from)
			}
		}
	}
	for s := range seats {
		if seats[s] == "" {
			var from []*entrant
			for _, e := range es {
				if !taken[e.name] {
					from = append(from, e)
				}
			}
			give(s, from)
		}
	}
	return seats, seed, commitment
}

// A substitute from the standby list takes, by mail, a seat in civil
// disorder of a running game; the seat's tenure is in the log and in
// status.
func TestClubSubstituteByMail(t *testing.T) {
	c := newCLI(t)
	c.ok(`id: sub-1
game: trader
players:
  - {name: alice, email: alice@club.test}
  - {name: bob, email: bob@club.test}
civil_disorder: 1
seed: "substitute test"
`, "new", "-")
	waiting := regexp.MustCompile(`Waiting for: (\w+)`).FindStringSubmatch(c.ok("", "status", "sub-1"))[1]
	dir := t.TempDir()
	p := startServe(t, c.db, writeConfig(t, fmt.Sprintf("address: taipan@club.test\ntick: 1s\nembedded: {listen: 127.0.0.1:0, maildir: %q}\n", dir)))
	addr := p.listener(t)
	send := func(n int, body string) string {
		t.Helper()
		raw := fmt.Sprintf("From: sam@club.test\r\nTo: taipan@club.test\r\nSubject: sub %d\r\nMessage-ID: <sub%d@club.test>\r\n\r\n%s", n, n, strings.ReplaceAll(body, "\n", "\r\n"))
		if err := mail.SendTo(addr, "sam@club.test", []string{"taipan@club.test"}, []byte(raw)); err != nil {
			t.Fatal(err)
		}
		subject := fmt.Sprintf("Re: sub %d", n)
		return string(waitMaildir(t, filepath.Join(dir, "sam@club.test"), subject, func(raw []byte) bool { return header(raw, "Subject") == subject }))
	}
	if r := send(1, "command: take sub-1 "+waiting+"\n"); !strings.Contains(r, "sam@club.test is not on the standby list") {
		t.Errorf("a take from off the standby list:\n%s", r)
	}
	send(2, "command: standby sam\n")
	// The step closes without orders: the seat falls into civil disorder,
	// and is offered to the standby list.
	c.ok("", "adjudicate", "sub-1", "--reason", "nobody sent orders")
	if st := c.ok("", "status", "sub-1"); !strings.Contains(st, waiting+" is in civil disorder") {
		t.Fatalf("status after the missed step:\n%s", st)
	}
	offer := plainText(t, waitMaildir(t, filepath.Join(dir, "sam@club.test"), "the offer of a seat", func(raw []byte) bool {
		return header(raw, "Subject") == "[sub-1] a seat is free: "+waiting+"'s"
	}))
	if !strings.Contains(offer, "command: take sub-1 "+waiting) {
		t.Errorf("the offer:\n%s", offer)
	}
	r := send(3, "command: take sub-1 "+waiting+"\n")
	if !strings.Contains(r, "You have taken "+waiting+"'s seat in game sub-1, from step 2 on, as sam.") || !regexp.MustCompile(`token: [0-9a-f]{32}`).MatchString(r) {
		t.Fatalf("the take:\n%s", r)
	}
	if st := c.ok("", "status", "sub-1"); !strings.Contains(st, waiting+" ("+waiting+"@club.test) from step 1 to step 1; sam (sam@club.test) from step 2 to now") {
		t.Errorf("status names no tenure:\n%s", st)
	}
	if log := c.ok("", "log", "sub-1"); !strings.Contains(log, "seat-taken") {
		t.Errorf("the log has no seat-taken:\n%s", log)
	}
	if audit := c.ok("", "audit", "sub-1"); !strings.Contains(audit, "Audit passed") {
		t.Errorf("audit:\n%s", audit)
	}
}

// Through serve's site: a player joins on the sign-up page, is told by
// mail (with the code to leave), and leaves on the page with it.
func TestClubSignUpOnTheSite(t *testing.T) {
	c := newCLI(t)
	c.ok("id: club-9\ngame: trader\nseats: 3\n", "open", "-")
	root := t.TempDir()
	p := startServe(t, c.db, writeConfig(t, fmt.Sprintf("address: taipan@club.test\nembedded: {listen: 127.0.0.1:0, maildir: %q}\ntick: 1s\nweb: {listen: 127.0.0.1:0}\n", root)))
	w := newWebClient(t, "http://"+p.site(t))
	if status, page := w.do("GET", "/games/club-9", nil); status != http.StatusSeeOther {
		t.Fatalf("the game's page of a game in sign-up: %d\n%s", status, page)
	}
	if status, page := w.do("GET", "/signup/club-9", nil); status != http.StatusOK || !strings.Contains(page, `id="taken">0<`) {
		t.Fatalf("the sign-up page: %d\n%s", status, page)
	}
	if status, page := w.do("POST", "/signup/club-9", url.Values{"name": {"ann"}, "email": {"ann@club.test"}, "seats": {"2"}}); status != http.StatusOK || !strings.Contains(page, "You have joined game club-9 as ann") {
		t.Fatalf("joining: %d\n%s", status, page)
	}
	told := waitMail(t, root, "ann@club.test", "[club-9] you joined on the site, as ann", "this code: ")
	code := regexp.MustCompile(`this code: ([0-9a-f]{16})`).FindStringSubmatch(told)
	if code == nil {
		t.Fatalf("no code in:\n%s", told)
	}
	if status, page := w.do("POST", "/signup/club-9/leave", url.Values{"name": {"ann"}, "code": {code[1]}}); status != http.StatusOK || !strings.Contains(page, "You have left game club-9.") {
		t.Fatalf("leaving: %d\n%s", status, page)
	}
	if st := c.ok("", "status", "club-9"); !strings.Contains(st, "0 of 3 seats taken") || !strings.Contains(st, "ann left (by their own wish, on the site)") {
		t.Errorf("status after leaving:\n%s", st)
	}
}
