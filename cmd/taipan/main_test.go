package main_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"taipan/events/pgtest"
	"taipan/internal/testkit"
	"taipan/mail/mailtest"
)

// binary is the real taipan command, built once for these tests.
var binary string

func TestMain(m *testing.M) {
	testkit.Main(func() int {
		dir, err := os.MkdirTemp("", "taipan-cli-")
		if err != nil {
			panic(err)
		}
		binary = filepath.Join(dir, "taipan")
		out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			fmt.Fprintf(os.Stderr, "build: %v\n%s", err, out)
			return 1
		}
		defer mailtest.StopDovecot()
		defer pgtest.StopShared()
		return m.Run()
	})
}

// cli runs taipan against one database.
type cli struct {
	t  *testing.T
	db string
}

func newCLI(t *testing.T) *cli {
	return &cli{t: t, db: filepath.Join(t.TempDir(), "taipan.db")}
}

// run runs taipan with args and stdin, returning stdout, stderr and the exit code.
func (c *cli) run(stdin string, args ...string) (string, string, int) {
	c.t.Helper()
	cmd := exec.Command(binary, append([]string{"--db", c.db}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		c.t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// ok runs taipan and fails the test unless it succeeds.
func (c *cli) ok(stdin string, args ...string) string {
	c.t.Helper()
	out, errs, code := c.run(stdin, args...)
	if code != 0 {
		c.t.Fatalf("taipan %v: exit %d: %s", args, code, errs)
	}
	return out
}

// fail runs taipan and fails the test unless it exits non-zero with a
// one-line reason on stderr containing want.
func (c *cli) fail(want, stdin string, args ...string) {
	c.t.Helper()
	_, errs, code := c.run(stdin, args...)
	if code == 0 {
		c.t.Fatalf("taipan %v succeeded; want failure %q", args, want)
	}
	if strings.Count(strings.TrimRight(errs, "\n"), "\n") != 0 {
		c.t.Errorf("taipan %v: stderr is not one line: %q", args, errs)
	}
	if !strings.Contains(errs, want) {
		c.t.Errorf("taipan %v: stderr %q does not contain %q", args, errs, want)
	}
}

func (c *cli) eventCount(game string) int {
	c.t.Helper()
	out := c.ok("", "log", game, "--json")
	var evs []json.RawMessage
	if err := json.Unmarshal([]byte(out), &evs); err != nil {
		c.t.Fatal(err)
	}
	return len(evs)
}

// state returns `state GAME --json` decoded.
func (c *cli) state(game string, extra ...string) map[string]any {
	c.t.Helper()
	out := c.ok("", append([]string{"state", game, "--json"}, extra...)...)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		c.t.Fatalf("state --json: %v\n%s", err, out)
	}
	return m
}

const campaign = `id: bourse-1
game: trader
players:
  - {name: alice, email: alice@example.test}
  - {name: bob, email: bob@example.test}
seed: "cli test"
`

var tokenLine = regexp.MustCompile(`(?m)^\s+(\w+|\(GM\))\s+([0-9a-f]{32})$`)

func tokens(out string) map[string]string {
	m := map[string]string{}
	for _, sub := range tokenLine.FindAllStringSubmatch(out, -1) {
		m[sub[1]] = sub[2]
	}
	return m
}

func orderFile(game, player, token string, step int, orders ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game: %s\nplayer: %s\n", game, player)
	if token != "" {
		fmt.Fprintf(&b, "token: %s\n", token)
	}
	if step > 0 {
		fmt.Fprintf(&b, "step: %d\n", step)
	}
	b.WriteString("orders:\n")
	for _, o := range orders {
		fmt.Fprintf(&b, "  - %s\n", o)
	}
	return b.String()
}

// available returns the capital whose available stock the GM view shows as
// cheapest, with that stock.
func available(st map[string]any) (string, string) {
	cols := st["columns"].(map[string]any)
	best, stock := "", ""
	for _, capital := range []string{"Paris", "Berlin", "London", "Rome", "Brussels"} {
		list, _ := cols[capital].([]any)
		if len(list) > 0 && best == "" {
			best, stock = capital, list[0].(string)
		}
	}
	return best, stock
}

func TestNewSubmitStatusReport(t *testing.T) {
	c := newCLI(t)
	out := c.ok(campaign, "new", "-")
	tok := tokens(out)
	if len(tok["alice"]) != 32 || len(tok["bob"]) != 32 || len(tok["(GM)"]) != 32 {
		t.Fatalf("tokens not printed: %s", out)
	}
	// Tokens are stored hashed only.
	db, err := sql.Open("sqlite", c.db)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	db.QueryRow(`SELECT count(*) FROM credentials WHERE token_hash = ?`, tok["alice"]).Scan(&n)
	if n != 0 {
		t.Error("a token is stored in clear")
	}

	st := c.state("bourse-1")
	if st["step"].(float64) != 1 || st["finished"].(bool) {
		t.Fatalf("state after new: %v", st)
	}
	if p := st["pending"].([]any); len(p) != 1 || p[0] != "alice" {
		t.Fatalf("pending = %v, want [alice]", st["pending"])
	}
	status := c.ok("", "status", "bourse-1")
	if !strings.Contains(status, "Pending: alice") || !strings.Contains(status, "Deadline: none") {
		t.Errorf("status:\n%s", status)
	}

	capital, stock := available(st)
	// bob is not pending: refused, nothing appended.
	before := c.eventCount("bourse-1")
	c.fail("you have no orders to give now (it is alice's turn, not yours)", orderFile("bourse-1", "bob", "", 1, "buy: "+capital), "submit", "bourse-1", "--player", "bob", "-")
	// A malformed file names line and field.
	c.fail("line 5, field orders[1].buy", orderFile("bourse-1", "alice", "", 1, "buy: Atlantis"), "submit", "bourse-1", "--player", "alice", "-")
	c.fail("line 3, field step", "game: bourse-1\nplayer: alice\nstep: x\norders: []\n", "submit", "bourse-1", "--player", "alice")
	// Stale step.
	c.fail("these orders are for step 3, but step 1 is open", orderFile("bourse-1", "alice", "", 3, "buy: "+capital), "submit", "bourse-1", "--player", "alice")
	if got := c.eventCount("bourse-1"); got != before {
		t.Fatalf("refused orders changed the log: %d events, was %d", got, before)
	}

	out = c.ok(orderFile("bourse-1", "alice", "", 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "-")
	if !strings.Contains(out, "Accepted") || !strings.Contains(out, "Step 1 resolved.") {
		t.Errorf("submit output:\n%s", out)
	}
	st = c.state("bourse-1")
	if st["step"].(float64) != 2 {
		t.Errorf("step = %v after alice's turn", st["step"])
	}
	alice := st["players"].([]any)[0].(map[string]any)
	if alice["name"] != "alice" || fmt.Sprint(alice["stocks"]) != "["+stock+"]" {
		t.Errorf("alice after buying %s: %v", stock, alice)
	}

	// bob's view hides alice's money; the GM's shows it.
	bobView := c.state("bourse-1", "--player", "bob")
	for _, p := range bobView["players"].([]any) {
		pm := p.(map[string]any)
		if _, has := pm["money"]; has != (pm["name"] == "bob") {
			t.Errorf("bob's view, player %v: money shown = %v", pm["name"], has)
		}
	}
	rep := c.ok("", "report", "bourse-1", "--player", "alice", "--step", "1")
	for _, want := range []string{"step 1", "For alice", "alice bought " + stock, "commitment"} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
	c.fail("step 9 of bourse-1 has not been resolved", "", "report", "bourse-1", "--step", "9")
	c.fail("no game \"nope\"", "", "status", "nope")
	c.fail("unknown command", "", "frobnicate")
}

func TestAdjudicateUsesDefaultsAndGMActionsShowInReports(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign+"deadline: 72h\n", "new", "-")
	out := c.ok("", "adjudicate", "bourse-1")
	if !strings.Contains(out, "Step 1 resolved.") {
		t.Fatalf("adjudicate: %s", out)
	}
	rep := c.ok("", "report", "bourse-1")
	if !strings.Contains(rep, "alice sent no orders; the default orders were used.") {
		t.Errorf("report does not say alice got defaults:\n%s", rep)
	}
	c.fail("give a reason (--reason TEXT): it is shown to the players", "", "gm", "bourse-1", "extend", "24h")
	c.fail("usage: gm bourse-1 extend DURATION --reason TEXT", "", "gm", "bourse-1", "extend", "--reason", "bob is travelling")
	c.fail("usage: gm bourse-1 close --reason TEXT", "", "gm", "bourse-1", "close", "now", "--reason", "bob is travelling")
	c.ok("", "gm", "bourse-1", "extend", "24h", "--reason", "bob is travelling")
	c.ok("", "gm", "bourse-1", "money", "bob", "+5", "--reason", "bank error in your favour")
	c.fail("negative", "", "gm", "bourse-1", "money", "bob", "-500", "--reason", "oops")
	out = c.ok("", "gm", "bourse-1", "replace", "bob", "carol", "carol@example.test", "--reason", "bob left")
	if !regexp.MustCompile(`New token \(shown once\): [0-9a-f]{32}`).MatchString(out) {
		t.Errorf("replace did not print a token: %s", out)
	}
	st := c.state("bourse-1")
	if p := st["pending"].([]any); len(p) != 1 || p[0] != "carol" {
		t.Fatalf("pending after replace = %v", st["pending"])
	}
	c.ok("", "adjudicate", "bourse-1")
	rep = c.ok("", "report", "bourse-1", "--player", "carol")
	for _, want := range []string{"reason: bob is travelling", "reason: bank error in your favour", "handed bob's seat to carol (reason: bob left)"} {
		if !strings.Contains(strings.Join(strings.Fields(rep), " "), want) { // the notes are wrapped
			t.Errorf("carol's report lacks %q:\n%s", want, rep)
		}
	}
	c.ok("", "gm", "bourse-1", "resign", "alice", "--reason", "no reply for weeks")
	// alice's turns now resolve by default; only carol is ever awaited.
	st = c.state("bourse-1")
	if a := st["awaiting"].([]any); len(a) != 1 || a[0] != "carol" {
		t.Errorf("awaiting = %v, want [carol]", a)
	}
}

func TestExportImportAuditAndTampering(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	for i := 0; i < 6; i++ {
		c.ok("", "adjudicate", "bourse-1")
	}
	audit := c.ok("", "audit", "bourse-1")
	if !strings.Contains(audit, "Audit passed") {
		t.Fatalf("audit: %s", audit)
	}
	export := c.ok("", "export", "bourse-1")
	logFile := filepath.Join(t.TempDir(), "bourse-1.jsonl")
	os.WriteFile(logFile, []byte(export), 0o644)
	if out := c.ok("", "audit", "--file", logFile); !strings.Contains(out, "Audit passed") {
		t.Errorf("audit --file: %s", out)
	}

	c2 := newCLI(t)
	c2.ok(export, "import", "-")
	c2.ok("", "audit", "bourse-1")
	for _, p := range []string{"alice", "bob", ""} {
		for step := 0; step <= 6; step++ {
			args := []string{"report", "bourse-1", "--step", fmt.Sprint(step)}
			if p != "" {
				args = append(args, "--player", p)
			}
			if a, b := c.ok("", args...), c2.ok("", args...); a != b {
				t.Errorf("report %v differs after export/import", args)
			}
		}
	}
	c2.fail("already exists", export, "import", "-")

	// Alter the database behind Taipan's back.
	db, err := sql.Open("sqlite", c.db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE events SET actor = 'mallory' WHERE seq = 3`); err == nil || !strings.Contains(err.Error(), "append-only") {
		t.Fatalf("UPDATE was not refused: %v", err)
	}
	if _, err := db.Exec(`DELETE FROM events WHERE seq = 3`); err == nil {
		t.Fatal("DELETE was not refused")
	}
	for _, q := range []string{
		`DROP TRIGGER events_no_update`,
		`UPDATE events SET payload = replace(payload, '"reason":"gm"', '"reason":"all-in"') WHERE seq = 4`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	db.Close()
	c.fail("audit failed: event bourse-1#4 step-closed by system: hash does not match", "", "audit", "bourse-1")

	// A log whose digests no longer match is named at the step-closed event.
	lines := strings.Split(strings.TrimSpace(export), "\n")
	var bad []string
	for _, l := range lines {
		bad = append(bad, regexp.MustCompile(`"digest":"[0-9a-f]{8}`).ReplaceAllString(l, `"digest":"00000000`))
	}
	os.WriteFile(logFile, []byte(strings.Join(bad, "\n")), 0o644)
	c.fail("audit failed: event bourse-1#3 step-closed", "", "audit", "--file", logFile)
}

func TestDemo(t *testing.T) {
	c := newCLI(t)
	out := c.ok("", "demo")
	for _, want := range []string{"The set-up report alice receives", "THE GAME IS OVER", "The seed, revealed now", "Audit passed"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
	if _, err := os.Stat(c.db); err == nil {
		t.Error("demo wrote to the --db database; it must use a temporary one")
	}
}

// A public export of a running game withholds the seed and the orders but
// keeps every hash, so the chain verifies and the full log, published at the
// end, can be checked against it.
func TestPublicExport(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	st := c.state("bourse-1")
	capital, _ := available(st)
	c.ok(orderFile("bourse-1", "alice", "", 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "-")
	full := c.ok("", "export", "bourse-1")
	public := c.ok("", "export", "bourse-1", "--public")
	var seed string
	for _, l := range strings.Split(full, "\n") {
		if strings.Contains(l, `"kind":"seed"`) {
			var e struct{ Payload struct{ Seed string } }
			json.Unmarshal([]byte(l), &e)
			seed = e.Payload.Seed
		}
	}
	if len(seed) != 64 || strings.Contains(public, seed) || strings.Contains(public, `"buy"`) {
		t.Fatalf("the public export shows the seed or the orders:\n%s", public)
	}
	hashes := regexp.MustCompile(`"hash":"[0-9a-f]{64}"`)
	if a, b := hashes.FindAllString(full, -1), hashes.FindAllString(public, -1); strings.Join(a, ",") != strings.Join(b, ",") {
		t.Error("the public export's hashes differ from the full log's")
	}
	file := filepath.Join(t.TempDir(), "public.jsonl")
	os.WriteFile(file, []byte(public), 0o644)
	if out := c.ok("", "audit", "--file", file); !strings.Contains(out, "Chain verified") || !strings.Contains(out, "withheld until the game is over") {
		t.Errorf("audit of the public export: %s", out)
	}
	os.WriteFile(file, []byte(strings.Replace(public, `"actor":"alice"`, `"actor":"mallory"`, 1)), 0o644)
	c.fail("audit failed: event bourse-1#3 orders by mallory", "", "audit", "--file", file)
	c.fail("is withheld (a public export of a running game); import the full export", public, "import", "-")

	for i := 0; i < 200 && !strings.Contains(c.ok("", "adjudicate", "bourse-1"), "The game is over."); i++ {
	}
	if !c.state("bourse-1")["finished"].(bool) {
		t.Fatal("the game on defaults did not end in 200 steps")
	}
	if a, b := c.ok("", "export", "bourse-1"), c.ok("", "export", "bourse-1", "--public"); a != b {
		t.Error("once the game is over the public export should be the whole log")
	}
}

// Only new, import and serve create a database; the other commands name the
// database they looked for.
func TestNoDatabaseIsCreatedByReads(t *testing.T) {
	c := newCLI(t)
	for _, args := range [][]string{{"status", "bourse-3"}, {"games"}, {"export", "bourse-3"}, {"audit", "bourse-3"}} {
		c.fail("no database at "+c.db, "", args...)
		if _, err := os.Stat(c.db); err == nil {
			t.Fatalf("taipan %v created %s", args, c.db)
		}
	}
	c.ok(campaign, "new", "-")
	c.fail(`no game "bourse-3" in the database `+c.db, "", "status", "bourse-3")
}

// The GM's first steps: the version, a campaign checked before it is made,
// errors in the file's own terms, a wrong token refused even from the GM,
// orders echoed as YAML, and a close with a reason the players are told.
func TestFirstCampaign(t *testing.T) {
	c := newCLI(t)
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out := c.ok("", args...)
		if !strings.Contains(out, "trader/") || !strings.Contains(out, "log format") {
			t.Errorf("taipan %v: %s", args, out)
		}
	}
	if out := c.ok(campaign, "new", "--check", "-"); !strings.Contains(out, "Campaign bourse-1 is good") {
		t.Errorf("new --check: %s", out)
	}
	if _, err := os.Stat(c.db); err == nil {
		t.Fatal("new --check created the database")
	}
	c.fail(`line 3: "player" is not a campaign key; did you mean "players"?`, "id: x\ngame: trader\nplayer: [alice, bob]\n", "new", "--check", "-")
	c.fail("line 4, options: sets: expected a whole number, not text", "id: x\ngame: trader\nplayers: [alice, bob]\noptions: {sets: two}\n", "new", "--check", "-")

	c.ok(campaign, "new", "-")
	capital, _ := available(c.state("bourse-1"))
	c.fail("field token: wrong token for alice", orderFile("bourse-1", "alice", "0123456789abcdef0123456789abcdef", 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "-")
	out := c.ok(orderFile("bourse-1", "alice", "", 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "-")
	if !strings.Contains(out, "  - buy: "+capital+"\n") {
		t.Errorf("the orders are not echoed as YAML:\n%s", out)
	}
	c.ok("", "adjudicate", "bourse-1", "--reason", "bob is away")
	if rep := c.ok("", "report", "bourse-1", "--player", "bob"); !strings.Contains(rep, "The GM closed step 2 (reason: bob is away)") {
		t.Errorf("bob's report does not give the GM's reason:\n%s", rep)
	}
}

// A backup taken while the database is in use opens and audits like the
// original, and is private to its owner.
func TestBackup(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	c.ok("", "adjudicate", "bourse-1")
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	if out := c.ok("", "backup", copyPath); !strings.Contains(out, "1 game") {
		t.Errorf("backup: %s", out)
	}
	if info, err := os.Stat(copyPath); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("backup file: %v %v", info, err)
	}
	c2 := &cli{t: t, db: copyPath}
	if out := c2.ok("", "audit", "bourse-1"); !strings.Contains(out, "Audit passed") {
		t.Errorf("audit of the backup: %s", out)
	}
	c.fail("backup", "", "backup", copyPath)
}

// The campaign tools from the CLI: check-only orders, preview, press,
// absence, pause, grace and rollback, all audited.
func TestCampaignToolsAtTheCLI(t *testing.T) {
	c := newCLI(t)
	c.ok(strings.Replace(campaign, "seed:", "deadline: 72h\npress: grey\nseed:", 1), "new", "-")
	before := c.eventCount("bourse-1")
	capital, _ := available(c.state("bourse-1"))
	out := c.ok(orderFile("bourse-1", "alice", "", 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "--check", "-")
	if !strings.Contains(out, "Checked, not submitted") || c.eventCount("bourse-1") != before {
		t.Fatalf("submit --check: %s", out)
	}
	if out := c.ok("", "preview", "bourse-1", "--player", "bob"); !strings.Contains(out, "PREVIEW of step 1") || !strings.Contains(out, "alice sent no orders") {
		t.Errorf("preview: %s", out)
	}
	if c.eventCount("bourse-1") != before {
		t.Fatal("preview wrote to the log")
	}
	c.ok("", "press", "bourse-1", "--from", "alice", "--to", "bob", "--grey", "psst")
	c.ok("game: bourse-1\nplayer: bob\npress: {text: hello all}\nabsence: {from: 2026-12-20, until: 2026-12-22}\n", "submit", "bourse-1", "-")
	c.ok("", "gm", "bourse-1", "pause", "--reason", "dispute")
	if out := c.ok("", "games"); !strings.Contains(out, "paused") {
		t.Errorf("games does not show the pause:\n%s", out)
	}
	c.ok("", "gm", "bourse-1", "resume", "--reason", "settled")
	c.ok("", "gm", "bourse-1", "grace", "6h", "--reason", "slow mail")
	c.ok(orderFile("bourse-1", "alice", "", 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "-")
	rep := c.ok("", "report", "bourse-1", "--player", "bob", "--step", "1")
	for _, want := range []string{"From someone (grey press) to bob: psst", "From bob to everyone: hello all", "paused the game", "resumed the game", "grace period"} {
		if !strings.Contains(rep, want) {
			t.Errorf("bob's report lacks %q:\n%s", want, rep)
		}
	}
	c.ok("", "adjudicate", "bourse-1")
	c.ok("", "gm", "bourse-1", "rollback", "1", "--reason", "a misread order")
	if st := c.ok("", "status", "bourse-1"); !strings.Contains(st, "Step 2:") {
		t.Errorf("after the rollback: %s", st)
	}
	if out := c.ok("", "audit", "bourse-1"); !strings.Contains(out, "Audit passed") {
		t.Errorf("audit: %s", out)
	}
}
