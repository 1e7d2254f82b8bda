package main_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// These tests hold what Taipan says of itself to the truth: its version,
// its help, its answers and the README.

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// `taipan --version` names the build even when the Go tool recorded no
// version control information (-buildvcs=false, as CI builds): by the
// commit when there is one, else by the SHA-256 of the executable, which
// must be the file's.
func TestVersionNamesTheBuild(t *testing.T) {
	c := newCLI(t)
	line := firstLine(c.ok("", "--version"))
	if line != firstLine(c.ok("", "version")) {
		t.Errorf("--version and version name the build differently")
	}
	if strings.Contains(line, "commit ") {
		return // a build with version control information
	}
	data, err := os.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	want := "executable sha256 " + hex.EncodeToString(sum[:])[:16]
	if !strings.Contains(line, want) {
		t.Errorf("taipan --version says %q; without a commit it must name the executable by %q", line, want)
	}
}

// A version stamped at build time, as the README's install line gives it,
// is the build's name.
func TestVersionStampedAtBuildTime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command again")
	}
	stamped := filepath.Join(t.TempDir(), "taipan")
	out, err := exec.Command("go", "build", "-ldflags", "-X main.version=v9.8.7-test", "-o", stamped, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	got, err := exec.Command(stamped, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if line := firstLine(string(got)); !strings.HasPrefix(line, "taipan v9.8.7-test") {
		t.Errorf("a build stamped v9.8.7-test says %q", line)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), `-ldflags "-X main.version=`) {
		t.Error("the README does not say how to stamp the version")
	}
}

// engines lists the games this build plays, by the names campaign files
// give them, as `taipan version` lists them.
func engines(t *testing.T, c *cli) []string {
	t.Helper()
	var names []string
	for _, l := range strings.Split(c.ok("", "version"), "\n") {
		if f := strings.Fields(l); strings.HasPrefix(l, "  ") && len(f) > 1 && strings.Contains(f[1], "/") {
			names = append(names, f[0])
		}
	}
	if len(names) == 0 {
		t.Fatal("taipan version lists no engines")
	}
	return names
}

// readme is the README, and its section under the heading title ("" for
// what comes before the first section).
func readme(t *testing.T, title string) string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if title == "" {
		head, _, _ := strings.Cut(text, "\n## ")
		return head
	}
	_, section, ok := strings.Cut(text, "\n## "+title+"\n")
	if !ok {
		t.Fatalf("the README has no section %q", title)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	return section
}

// readmeTitles maps each game's name to its title as the README's first
// screen lists them: **Trader** (`trader`, …).
func readmeTitles(t *testing.T) map[string]string {
	t.Helper()
	titles := map[string]string{}
	for _, m := range regexp.MustCompile("\\*\\*([^*]+)\\*\\*\\s*\\(`([a-z0-9-]+)`").FindAllStringSubmatch(readme(t, ""), -1) {
		titles[m[2]] = m[1]
	}
	return titles
}

// The README's Pictures section describes the picture of every game this
// build plays, and says what serve really mails: the text, the HTML and
// the picture of every report.
func TestReadmeDescribesEveryPicture(t *testing.T) {
	c := newCLI(t)
	titles := readmeTitles(t)
	pictures := readme(t, "Pictures and HTML reports")
	for _, name := range engines(t, c) {
		title, ok := titles[name]
		if !ok {
			t.Errorf("the README's first screen does not list %s", name)
			continue
		}
		lower := strings.ToLower(pictures)
		if !strings.Contains(lower, "\n- **"+strings.ToLower(title)+"**: ") && !strings.Contains(lower, "\n- **the "+strings.ToLower(title)+"**: ") {
			t.Errorf("the README's Pictures section does not describe the picture of %s (%s)", title, name)
		}
	}
	if strings.Contains(pictures, "plain-text reports") {
		t.Error("the README's Pictures section still says serve sends plain-text reports")
	}
	if !strings.Contains(pictures, "`taipan serve` sends every report") {
		t.Error("the README's Pictures section does not say how serve mails reports")
	}
}

// Inside serve, the site's login page promises the login link that every
// mailed report then carries.
func TestServeSiteLoginPagePromisesLinks(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	p := startServe(t, c.db, writeConfig(t, fmt.Sprintf("embedded: {listen: 127.0.0.1:0, maildir: %q}\nweb: {listen: 127.0.0.1:0}\n", t.TempDir())))
	webAddr := p.site(t)
	status, page := newWebClient(t, "http://"+webAddr).do("GET", "/games/bourse-1/login", nil)
	if status != http.StatusOK || !strings.Contains(page, "Every report mailed to you carries a one-time link") {
		t.Errorf("the login page of the site inside serve: %d\n%s", status, page)
	}
}

// A GM who lost the GM's token gets a new one at the command line, printed
// once; only its hash is stored, and the old one stops working.
func TestGMTokenMadeAnew(t *testing.T) {
	c := newCLI(t)
	old := tokens(c.ok(campaign, "new", "-"))["(GM)"]
	c.fail("give a reason", "", "gm", "bourse-1", "token", "gm")
	out := c.ok("", "gm", "bourse-1", "token", "gm", "--reason", "the GM's token was lost")
	m := regexp.MustCompile(`New token \(shown once\): ([0-9a-f]{32})`).FindStringSubmatch(out)
	if m == nil || m[1] == old {
		t.Fatalf("gm token gm printed no new token:\n%s", out)
	}
	db := openDB(t, c.db)
	defer db.Close()
	var stored string
	if err := db.QueryRow(`SELECT token_hash FROM credentials WHERE game_id = 'bourse-1' AND player = ''`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(m[1]))
	if stored != hex.EncodeToString(sum[:]) {
		t.Error("the GM's credential is not the new token's hash")
	}
	if !strings.Contains(c.ok("", "status", "bourse-1"), "The GM took a new GM token") {
		t.Error("status does not show the GM's new token")
	}
	if !strings.Contains(c.ok("", "gm", "bourse-1", "help"), "token PLAYER|gm") {
		t.Error("gm help does not say token gm")
	}
}

// The README's sample campaign file names, on its game: line, every game
// this build plays.
func TestReadmeCampaignNamesEveryGame(t *testing.T) {
	c := newCLI(t)
	section := readme(t, "Campaign file")
	m := regexp.MustCompile(`(?m)^game: \S+\s+#\s*(.*)$`).FindStringSubmatch(section)
	if m == nil {
		t.Fatal("the README's sample campaign file has no game: line with a comment")
	}
	listed := map[string]bool{}
	for _, name := range strings.Split(m[1], ",") {
		listed[strings.TrimSpace(name)] = true
	}
	for _, name := range engines(t, c) {
		if !listed[name] {
			t.Errorf("the sample campaign file's game: line (%q) leaves out %s", m[1], name)
		}
	}
}

// longReason is a reason long enough to need several lines.
const longReason = "the harbour master of Shanghai has closed the port for a typhoon that is expected to last until the end of the week, and mail is slow"

// whatHappened is the WHAT HAPPENED block of a text report.
func whatHappened(t *testing.T, report string) string {
	t.Helper()
	_, block, ok := strings.Cut(report, "WHAT HAPPENED")
	if !ok {
		t.Fatalf("no WHAT HAPPENED in the report:\n%s", report)
	}
	block, _, _ = strings.Cut(block, "\n----")
	return block
}

// wrapped fails the test if a line of text is wider than a report's 72
// columns, or if want is not in text once the lines are joined again.
func wrapped(t *testing.T, what, text, want string) {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if len(l) > 72 {
			t.Errorf("%s: a line of %d characters: %q", what, len(l), l)
		}
	}
	if joined := strings.Join(strings.Fields(text), " "); !strings.Contains(joined, want) {
		t.Errorf("%s does not say %q:\n%s", what, want, text)
	}
}

// Long notes (a deadline's reason, an absence, a rollback) are wrapped in
// the text reports and in status, not left as lines that run off.
func TestLongNotesAreWrapped(t *testing.T) {
	c := newCLI(t)
	c.ok(strings.Replace(campaign, "seed:", "deadline: 72h\nseed:", 1), "new", "-")
	c.ok("", "gm", "bourse-1", "extend", "24h", "--reason", longReason)
	c.ok("game: bourse-1\nplayer: bob\nabsence: {from: 2026-12-20, until: 2026-12-22, reason: \""+longReason+"\"}\n", "submit", "bourse-1", "-")
	wrapped(t, "status", c.ok("", "status", "bourse-1"), longReason)
	c.ok("", "adjudicate", "bourse-1", "--reason", "all in")
	wrapped(t, "the report of step 1", whatHappened(t, c.ok("", "report", "bourse-1", "--step", "1", "--player", "bob")), "(reason: "+longReason+")")
	c.ok("", "gm", "bourse-1", "rollback", "1", "--reason", longReason)
	rep := whatHappened(t, c.ok("", "report", "bourse-1", "--step", "1"))
	wrapped(t, "the report of step 1 after the rollback", rep, "rolled the game back to the end of step 1")
	wrapped(t, "the report of step 1 after the rollback", rep, longReason)
}

// A deadline the GM takes away is told as such, not as a deadline in the
// year 1.
func TestDeadlineRemovedIsToldSo(t *testing.T) {
	c := newCLI(t)
	c.ok(strings.Replace(campaign, "seed:", "deadline: 72h\nseed:", 1), "new", "-")
	c.ok("", "gm", "bourse-1", "deadline", "none", "--reason", "no hurry")
	status := c.ok("", "status", "bourse-1")
	if strings.Contains(status, "0001") || !strings.Contains(status, "The GM removed the deadline of step 1") {
		t.Errorf("status after the deadline was removed:\n%s", status)
	}
}

// What a player does is labelled as the player's, not as the GM's: status
// names the player before their absence, and the GM before the GM's own
// notes.
func TestPlayersActionsAreLabelledTheirs(t *testing.T) {
	c := newCLI(t)
	c.ok(strings.Replace(campaign, "seed:", "deadline: 72h\nseed:", 1), "new", "-")
	c.ok("game: bourse-1\nplayer: bob\nabsence: {from: 2026-12-20, until: 2026-12-22}\n", "submit", "bourse-1", "-")
	c.ok("", "gm", "bourse-1", "extend", "24h", "--reason", "mail is slow")
	status := c.ok("", "status", "bourse-1")
	if !strings.Contains(status, "\nbob: bob will be away from") || strings.Contains(status, "GM: bob will be away") {
		t.Errorf("status does not label bob's absence as bob's:\n%s", status)
	}
	if !strings.Contains(status, "\nGM: The GM set the deadline of step 1") {
		t.Errorf("status does not label the GM's deadline as the GM's:\n%s", status)
	}
}

// Orders submitted after the deadline, in the grace period, are answered
// as late.
func TestLateSubmitSaysGrace(t *testing.T) {
	c := newCLI(t)
	c.ok(strings.Replace(campaign, "seed:", "deadline: 72h\ngrace: 12h\nseed:", 1), "new", "-")
	capital, _ := available(c.state("bourse-1"))
	c.ok("", "gm", "bourse-1", "deadline", "2020-01-01T12:00:00Z", "--reason", "the deadline as agreed")
	out := c.ok(orderFile("bourse-1", "alice", "", 1, "buy: "+capital), "submit", "bourse-1", "--player", "alice", "-")
	if joined := strings.Join(strings.Fields(out), " "); !strings.Contains(joined, "These orders came late: after the deadline (Wed 01 Jan 2020 12:00 UTC), in the grace period, which lasts until Thu 02 Jan 2020 00:00 UTC.") {
		t.Errorf("a late submission does not say it came in the grace period:\n%s", out)
	}
}

// `taipan games` lists when the step closes (the deadline plus the grace),
// `status` the deadline and, with a grace period, the same close time, and
// games says what CLOSES means.
func TestGamesAndStatusAgreeOnTheClose(t *testing.T) {
	c := newCLI(t)
	c.ok(strings.Replace(campaign, "seed:", "deadline: 72h\ngrace: 12h\nseed:", 1), "new", "-")
	c.ok("", "gm", "bourse-1", "deadline", "2030-01-01T12:00:00Z", "--reason", "the deadline as agreed")
	status := c.ok("", "status", "bourse-1")
	if !strings.Contains(status, "Deadline: Tue 01 Jan 2030 12:00 UTC\n") || !strings.Contains(status, "Closes: Wed 02 Jan 2030 00:00 UTC (late orders are taken for the 12h grace period after the deadline)") {
		t.Errorf("status does not give the deadline and the close:\n%s", status)
	}
	games := c.ok("", "games")
	if !regexp.MustCompile(`(?m)^bourse-1 .* Wed 02 Jan 2030 00:00 UTC `).MatchString(games) || !strings.Contains(games, "CLOSES is when the clock closes the open step: its deadline, plus the grace period") {
		t.Errorf("games does not list the close that status gives, or say what it is:\n%s", games)
	}
}

// A failed audit says only that it failed: a database whose append-only
// triggers were dropped fails the audit, on stderr, and stdout does not
// say "Audit passed" first.
func TestFailedAuditDoesNotSayPassed(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	if out := c.ok("", "audit", "bourse-1"); !strings.HasPrefix(out, "Audit passed: game bourse-1") {
		t.Fatalf("the audit of an untouched game: %q", out)
	}
	db := openDB(t, c.db)
	if _, err := db.Exec(`DROP TRIGGER events_no_update`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, errs, code := c.run("", "audit", "bourse-1")
	if code == 0 || !strings.Contains(errs, "audit failed: the log itself checks out, but the append-only triggers") {
		t.Errorf("the audit of a database whose triggers were dropped: exit %d, stderr %q", code, errs)
	}
	if out != "" {
		t.Errorf("a failed audit printed on stdout: %q", out)
	}
}

// `taipan submit GAME --player P` takes what the web form takes: a file of
// orders alone, without game, player or token.
func TestSubmitTakesAnOrdersOnlyFile(t *testing.T) {
	c := newCLI(t)
	c.ok(campaign, "new", "-")
	capital, _ := available(c.state("bourse-1"))
	c.fail("field player: missing", "- buy: "+capital+"\n", "submit", "bourse-1", "-")
	out := c.ok("- buy: "+capital+"\n", "submit", "bourse-1", "--player", "alice", "-")
	if !strings.Contains(out, "Accepted: alice's orders for step 1 of bourse-1") || !strings.Contains(out, "  - buy: "+capital+"\n") {
		t.Errorf("an orders-only file: %s", out)
	}
	c.fail("field game: the file is for game \"other\"", "game: other\norders:\n  - pass\n", "submit", "bourse-1", "--player", "bob", "-")
}

// `taipan gm GAME help` names each action once, in every game (remove is
// each game's correction, not an action of its own besides).
func TestGMHelpNamesEachActionOnce(t *testing.T) {
	c := newCLI(t)
	for _, name := range engines(t, c) {
		id := "g-" + name
		c.ok(fmt.Sprintf("id: %s\ngame: %s\nplayers: [alice, bob, carol]\n", id, name), "new", "--no-mail", "-")
		seen := map[string]int{}
		for _, l := range strings.Split(c.ok("", "gm", id, "help"), "\n") {
			// An action's line starts with its name (after two spaces
			// among the GM's actions, at once among the game's
			// corrections); explanations run on further indented, and
			// the two lists have headings.
			f := strings.Fields(l)
			if len(f) == 0 || strings.HasPrefix(l, "   ") || strings.HasPrefix(l, "GM actions") || strings.HasSuffix(l, "corrections:") {
				continue
			}
			seen[strings.TrimSuffix(f[0], ",")]++
		}
		if seen["remove"] != 1 || seen["token"] != 1 || seen["extend"] != 1 {
			t.Errorf("gm %s help names remove %d times, token %d, extend %d", id, seen["remove"], seen["token"], seen["extend"])
		}
		for action, n := range seen {
			if n > 1 {
				t.Errorf("gm %s help names %s %d times", id, action, n)
			}
		}
	}
}

// The README's command table has a row for every command `taipan help`
// lists.
func TestReadmeCommandTableIsComplete(t *testing.T) {
	c := newCLI(t)
	_, commands, ok := strings.Cut(c.ok("", "help"), "\nCommands:\n")
	if !ok {
		t.Fatal("taipan help has no Commands: list")
	}
	table := readme(t, "Command line")
	n := 0
	for _, l := range strings.Split(commands, "\n") {
		if !strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "   ") {
			continue // an explanation running on
		}
		name := strings.Fields(l)[0]
		n++
		if !strings.Contains(table, "\n| `"+name+" ") && !strings.Contains(table, "\n| `"+name+"`") {
			t.Errorf("the README's command table has no row for %s", name)
		}
	}
	if n < 20 {
		t.Fatalf("read only %d commands from taipan help", n)
	}
}

// rolledBack plays a game with two rollbacks at the command line and
// returns the events each rollback voided, as the test expects them: 1
// game-created, 2 seed, 3 and 4 the closings of steps 1 and 2, 5 press
// (kept by any rollback), 6 a deadline, 7 the rollback to step 1 (voiding
// 4 and 6), 8 step 2 closed again, 9 the rollback to the set-up (voiding
// 3, 7 and 8; 4 and 6 stay voided by 7).
func rolledBack(t *testing.T, c *cli) map[int]int {
	t.Helper()
	c.ok(campaign, "new", "-")
	c.ok("", "adjudicate", "bourse-1")
	c.ok("", "adjudicate", "bourse-1")
	c.ok("", "press", "bourse-1", "--from", "alice", "hello all")
	c.ok("", "gm", "bourse-1", "extend", "24h", "--reason", "slow mail")
	c.ok("", "gm", "bourse-1", "rollback", "1", "--reason", "a misread order")
	c.ok("", "adjudicate", "bourse-1")
	c.ok("", "gm", "bourse-1", "rollback", "0", "--reason", "a misdeal")
	return map[int]int{3: 9, 4: 7, 6: 7, 7: 9, 8: 9}
}

// `taipan log` marks the events a rollback voided, with the rollback that
// voided each, and says what the mark means.
func TestLogMarksVoidedEvents(t *testing.T) {
	c := newCLI(t)
	want := rolledBack(t, c)
	out := c.ok("", "log", "bourse-1")
	rows := 0
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) < 6 || f[0] == "SEQ" {
			continue
		}
		var seq int
		if _, err := fmt.Sscan(f[0], &seq); err != nil {
			continue
		}
		rows++
		mark := f[5]
		if f[5] == "by" {
			mark += " " + f[6]
		}
		wantMark := "-"
		if by, ok := want[seq]; ok {
			wantMark = fmt.Sprintf("by #%d", by)
		}
		if mark != wantMark {
			t.Errorf("event %d (%s) is marked %q, want %q", seq, f[3], mark, wantMark)
		}
	}
	if rows != 9 {
		t.Fatalf("taipan log listed %d events, want 9:\n%s", rows, out)
	}
	if !strings.Contains(out, "VOIDED: the rollback (by its SEQ) that voided the event") {
		t.Errorf("taipan log does not say what VOIDED means:\n%s", out)
	}
}

// migrate refuses to copy a database a `taipan serve` runs on, which would
// go on changing the old copy while the new one was put to use; once the
// serve has stopped (cleanly, or killed), it migrates.
func TestMigrateRefusesAServedDatabase(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			c := newCLI(t)
			c.ok(campaign, "new", "-")
			to := filepath.Join(t.TempDir(), "new.db")
			p := startServe(t, c.db, writeConfig(t, fmt.Sprintf("embedded: {listen: 127.0.0.1:0, maildir: %q}\n", t.TempDir())))
			c.fail("taipan serve is running on", "", "migrate", "--from", c.db, "--to", to)
			if _, err := os.Stat(to); err == nil {
				c2 := &cli{t: t, db: to}
				if out := c2.ok("", "games"); strings.Contains(out, "bourse-1") {
					t.Fatal("the refused migrate copied the game")
				}
			}
			// A backup is served by nobody: it migrates while serve runs on
			// the original.
			bak := filepath.Join(t.TempDir(), "backup.db")
			c.ok("", "backup", bak)
			if out := (&cli{t: t, db: bak}).ok("", "migrate", "--from", bak, "--to", filepath.Join(t.TempDir(), "from-backup.db")); !strings.Contains(out, "Migrated 1 game") {
				t.Errorf("migrate of a backup: %s", out)
			}
			p.stop(sig)
			db := openDB(t, c.db)
			var rows int
			db.QueryRow(`SELECT count(*) FROM mail_serving`).Scan(&rows)
			db.Close()
			if sig == syscall.SIGTERM && rows != 0 {
				t.Errorf("a serve stopped cleanly left %d rows in mail_serving", rows)
			}
			if out := c.ok("", "migrate", "--from", c.db, "--to", to); !strings.Contains(out, "Migrated 1 game") {
				t.Errorf("migrate once serve stopped (%v): %s", sig, out)
			}
		})
	}
}
